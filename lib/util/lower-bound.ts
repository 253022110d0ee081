/**
 * Binary search in a sorted list: the first position whose entry does not go before the sought
 * one (`before(entry)` false), i.e. where it is or would be inserted. `before` must hold for a
 * prefix of the list and fail for the rest.
 */
export function lowerBound<T>(list: ArrayLike<T>, before: (entry: T) => boolean): number {
  let lo = 0,
    hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(list[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
