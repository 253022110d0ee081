/** Barrel of the study area: declarative studies, a resumable runner on worker threads, Slurm job arrays. */
export { type StudySpec, type StudyTask, checkStudySpec, studyTasks } from "./spec";
export { readStudySpec } from "./load";
export { type StudyKindFn, type StudyKindRef, STUDY_KINDS, resolveKind, loadKind } from "./kinds";
export {
  type StoredTask,
  type StoreContents,
  studyDir,
  resultFiles,
  readStore,
  appendTask,
  mergedRows,
} from "./store";
export {
  type StudyProgress,
  type RunStudyOptions,
  type StudyRun,
  runStudy,
  chunkTasks,
  writeMerged,
} from "./runner";
export { type ArrayOptions, sbatchArrayScript, submitStudyArray, mergeStudy } from "./slurm-array";
export { formatStudyProgress, notebookStudyProgress } from "./progress";
export { studyCodeKey } from "./code-key";
export { type CommittedStudy, commitStudy } from "./commit";
