/** Barrel of the expr area: formula parameters (mathjs expressions on a restricted instance) and exact ratios. */
export { type NumericExpression, compileExpression, optionalExpression } from "./expression";
export {
  type RestrictedMath,
  restrictedMath,
  EXPRESSION_FUNCTIONS,
  EXPRESSION_CONSTANTS,
  EXPRESSION_OPERATORS,
} from "./instance";
export { exactFraction, exactRatio, divideFractions, compareFractions, fractionText } from "./fractions";
