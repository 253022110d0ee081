/** The report line check:slurm passes on, shared by the unit test and the integration check. */
export const T0_PASS =
  /t=0 set \(started before the first job end\): (EQUAL \(real \d+ jobs, ours \d+\)|DIFFERENT .*; with our jobs 1 s later on the grid \(Slurm's start latency, not modelled\): EQUAL)\n/;
