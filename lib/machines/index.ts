/** Barrel of the machines area: the thesis's pipeline on every shared trace (notebook 15), its findings. */
export {
  type RealMachineRow,
  type SourceEligibility,
  modalMinutes,
  sampleFeatures,
  studyMachine,
  realMachineSampleRow,
  realMachineTask,
  sourceEligibilityTask,
} from "./real-machines";
export {
  type FindingRow,
  THESIS_POA,
  findingsTable,
  findingsGrid,
  poaFeatureFigure,
  realMachinesAnswer,
} from "./findings";
