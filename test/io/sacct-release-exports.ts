/**
 * sacct exports shaped as each Slurm release's `sacct --parsable2 --format=…` prints them, read off
 * its print.c: the columns that release has (sacct.c's field table), a job's steps with the empty
 * columns sacct leaves them (User, Partition, QOS, Timelimit, ReqTRES, Reservation, Flags,
 * Constraints; Submit and Eligible are the step's start; ≤ 20.11 repeats the job's ReqMem, ReqGRES and
 * AllocGRES on its steps, 21.08+ leaves ReqMem empty there), array tasks (`_1` keeps its own raw id),
 * sizes as convert_num_unit2 prints them (2800 and 500000 MiB stay M: not multiples of 512; 64000 is
 * 62.50G, 128000 is 125G, 8192 is 8G).
 */

/** Slurm 17.11: ReqGRES/AllocGRES `name:count` (the whole job), ReqMem with c/n; no Constraints, no Flags. */
export const SACCT_17_11 = [
  "JobID|JobIDRaw|User|Account|Partition|QOS|State|Submit|Eligible|Start|End|Elapsed|Timelimit|NNodes|AllocCPUS|ReqCPUS|ReqNodes|ReqMem|ReqGRES|AllocGRES|ReqTRES|AllocTRES|NodeList|Reservation|JobName",
  "5002|5002|bob|chem|batch|normal|COMPLETED|2018-05-02T09:00:00|2018-05-02T09:00:00|2018-05-02T09:00:00|2018-05-02T10:30:00|01:30:00|02:00:00|1|4|4|1|2800Mc|||cpu=4,mem=11200M,node=1|cpu=4,mem=11200M,node=1|c03||hold",
  "5006|5006|bob|chem|batch|normal|COMPLETED|2018-05-02T09:00:00|2018-05-02T09:00:00|2018-05-02T09:00:00|2018-05-02T11:30:00|02:30:00|03:00:00|1|4|4|1|2800Mc|||cpu=4,mem=11200M,node=1|cpu=4,mem=11200M,node=1|c04||hold",
  "5004|5004|cyd|bio|gpu|normal|COMPLETED|2018-05-02T09:00:00|2018-05-02T09:00:00|2018-05-02T09:00:00|2018-05-02T09:30:00|00:30:00|01:00:00|1|8|8|1|4Gn|gpu:2|gpu:2|cpu=8,mem=4G,node=1|cpu=8,mem=4G,node=1|g01||train",
  "5004.batch|5004.batch||bio|||COMPLETED|2018-05-02T09:00:00|2018-05-02T09:00:00|2018-05-02T09:00:00|2018-05-02T09:30:00|00:30:00||1|8|8|1|4Gn|gpu:2|gpu:2||cpu=8,mem=4G,node=1|g01||batch",
  "5001|5001|ann|phys|batch|normal|COMPLETED|2018-05-02T09:55:00|2018-05-02T10:00:00|2018-05-02T10:30:00|2018-05-02T11:00:00|00:30:00|01:00:00|1|4|4|1|2800Mc|||cpu=4,mem=11200M,node=1|cpu=4,mem=11200M,node=1|c03||amdonly",
  "5001.batch|5001.batch||phys|||COMPLETED|2018-05-02T10:30:00|2018-05-02T10:30:00|2018-05-02T10:30:00|2018-05-02T11:00:00|00:30:00||1|4|4|1|2800Mc||||cpu=4,mem=11200M,node=1|c03||batch",
  "5001.extern|5001.extern||phys|||COMPLETED|2018-05-02T10:30:00|2018-05-02T10:30:00|2018-05-02T10:30:00|2018-05-02T11:00:00|00:30:00||1|4|4|1|2800Mc||||cpu=4,mem=11200M,node=1|c03||extern",
  "5003|5003|ann|phys|batch|normal|COMPLETED|2018-05-02T11:00:00|2018-05-02T11:00:00|2018-05-02T11:10:00|2018-05-02T11:40:00|00:30:00|01:00:00|1|4|4|1|2800Mc|||cpu=4,mem=11200M,node=1|cpu=4,mem=11200M,node=1|c01||any",
  "5005|5005|dan|phys|batch|normal|COMPLETED|2018-05-02T12:00:00|2018-05-02T12:00:00|2018-05-02T12:00:00|2018-05-02T13:00:00|01:00:00|02:00:00|2|32|32|2|62.50Gn|||cpu=32,mem=125G,node=2|cpu=32,mem=125G,node=2|c[01-02]|maint|mpi",
  "5005.batch|5005.batch||phys|||COMPLETED|2018-05-02T12:00:00|2018-05-02T12:00:00|2018-05-02T12:00:00|2018-05-02T13:00:00|01:00:00||1|16|16|1|62.50Gn||||cpu=16,mem=62.50G,node=1|c01||batch",
  "5005.0|5005.0||phys|||COMPLETED|2018-05-02T12:00:01|2018-05-02T12:00:01|2018-05-02T12:00:01|2018-05-02T13:00:00|00:59:59||2|32|32|2|62.50Gn||||cpu=32,mem=125G,node=2|c[01-02]||lmp",
  "5007_1|5008|eve|bio|batch|normal|COMPLETED|2018-05-02T14:00:00|2018-05-02T14:00:00|2018-05-02T14:00:00|2018-05-02T14:05:00|00:05:00|00:10:00|1|1|1|1|1000Mc|||cpu=1,mem=1000M,node=1|cpu=1,mem=1000M,node=1|c02||scan",
  "5007_2|5007|eve|bio|batch|normal|COMPLETED|2018-05-02T14:00:00|2018-05-02T14:00:00|2018-05-02T14:00:00|2018-05-02T14:06:00|00:06:00|00:10:00|1|1|1|1|1000Mc|||cpu=1,mem=1000M,node=1|cpu=1,mem=1000M,node=1|c02||scan",
].join("\n");

/** The machine of {@link SACCT_17_11} (sinfo -N): intel c01–c02, amd c03–c04 in batch; g01 with 2 GPUs in gpu. */
export const NODES_17_11 = [
  "NODELIST|PARTITION|CPUS|S:C:T|MEMORY|AVAIL_FEATURES|GRES|STATE",
  "c01|batch*|16|2:8:1|64000|intel|(null)|idle",
  "c02|batch*|16|2:8:1|64000|intel|(null)|idle",
  "c03|batch*|16|2:8:1|64000|amd|(null)|idle",
  "c04|batch*|16|2:8:1|64000|amd|(null)|idle",
  "g01|gpu|8|1:8:1|32000|v100|gpu:2|idle",
].join("\n");

/** Slurm 19.05 (Constraints placed as the export command places it: checked columns around its `|`): Constraints and Flags (`NotSet` as 19.05 spells it); ReqGRES `name[:type]:count` (the job's total); no gres/gpu in TRES. */
export const SACCT_19_05 = [
  "JobID|JobIDRaw|User|Account|Partition|Constraints|QOS|State|Submit|Eligible|Start|End|Elapsed|Timelimit|NNodes|AllocCPUS|ReqCPUS|ReqNodes|ReqMem|ReqGRES|AllocGRES|ReqTRES|AllocTRES|NodeList|Flags|JobName",
  "3001|3001|ann|phys|gpu||normal|COMPLETED|2019-09-02T08:00:00|2019-09-02T08:00:00|2019-09-02T08:00:10|2019-09-02T09:00:10|01:00:00|02:00:00|1|4|4|1|8Gn|gpu:2|gpu:2|billing=4,cpu=4,mem=8G,node=1|billing=4,cpu=4,mem=8G,node=1|g01|SchedMain|train",
  "3001.batch|3001.batch||phys||||COMPLETED|2019-09-02T08:00:10|2019-09-02T08:00:10|2019-09-02T08:00:10|2019-09-02T09:00:10|01:00:00||1|4|4|1|8Gn|gpu:2|gpu:2||cpu=4,mem=8G,node=1|g01||batch",
  "3001.extern|3001.extern||phys||||COMPLETED|2019-09-02T08:00:10|2019-09-02T08:00:10|2019-09-02T08:00:10|2019-09-02T09:00:10|01:00:00||1|4|4|1|8Gn|gpu:2|gpu:2||cpu=4,mem=8G,node=1|g01||extern",
  "3002|3002|bob|chem|gpu|[rack1|rack2]|normal|COMPLETED|2019-09-02T08:10:00|2019-09-02T08:10:00|2019-09-02T08:20:00|2019-09-02T08:50:00|00:30:00|01:00:00|2|8|8|2|1.50Gn|gpu:tesla:2|gpu:2|billing=8,cpu=8,mem=3G,node=2|billing=8,cpu=8,mem=3G,node=2|g[01-02]|NotSet|md",
  "3002.0|3002.0||chem||||COMPLETED|2019-09-02T08:20:01|2019-09-02T08:20:01|2019-09-02T08:20:01|2019-09-02T08:50:00|00:29:59||2|8|8|2|1.50Gn|gpu:tesla:2|gpu:2||cpu=8,mem=3G,node=2|g[01-02]||pmemd",
  "3003|3003|cyd|bio|batch|intel&ib|normal|COMPLETED|2019-09-02T08:30:00|2019-09-02T08:30:00|2019-09-02T08:40:00|2019-09-02T08:45:00|00:05:00|00:10:00|1|2|2|1|2000Mc|||billing=2,cpu=2,mem=4000M,node=1|billing=2,cpu=2,mem=4000M,node=1|c01|SchedBackfill|qc",
].join("\n");

/** Slurm 20.02: ReqGRES tagged by what it counts per (`PER_NODE:gpu:2`, groups space-separated). */
export const SACCT_20_02 = [
  "JobID|JobIDRaw|User|Account|Partition|QOS|State|Submit|Eligible|Start|End|Elapsed|Timelimit|NNodes|AllocCPUS|ReqCPUS|ReqNodes|ReqMem|ReqGRES|AllocGRES|ReqTRES|AllocTRES|NodeList|Flags|Constraints|JobName",
  "4001|4001|ann|phys|gpu|normal|COMPLETED|2020-06-01T12:00:00|2020-06-01T12:00:00|2020-06-01T12:00:05|2020-06-01T13:00:05|01:00:00|02:00:00|2|16|16|2|4Gc|PER_NODE:gpu:2|gpu:4|billing=16,cpu=16,mem=64G,node=2|billing=16,cpu=16,mem=64G,node=2|g[01-02]|SchedMain||train",
  "4001.batch|4001.batch||phys|||COMPLETED|2020-06-01T12:00:05|2020-06-01T12:00:05|2020-06-01T12:00:05|2020-06-01T13:00:05|01:00:00||1|8|8|1|4Gc|PER_NODE:gpu:2|gpu:4||cpu=8,mem=32G,node=1|g01|||batch",
  "4002|4002|bob|chem|gpu|normal|COMPLETED|2020-06-01T12:05:00|2020-06-01T12:05:00|2020-06-01T13:00:10|2020-06-01T13:30:10|00:30:00|01:00:00|1|3|3|1|2000Mc|PER_TASK:gpu:1|gpu:3|billing=3,cpu=3,mem=6000M,node=1|billing=3,cpu=3,mem=6000M,node=1|g01|SchedBackfill||ens",
  "4003|4003|cyd|bio|gpu|normal|COMPLETED|2020-06-01T12:10:00|2020-06-01T12:10:00|2020-06-01T13:00:10|2020-06-01T13:10:10|00:10:00|00:30:00|1|2|2|1|1Gn|PER_JOB:gpu:tesla:1 PER_NODE:mps:100|gpu:1,mps:100|billing=2,cpu=2,mem=1G,node=1|billing=2,cpu=2,mem=1G,node=1|g02|SchedMain||infer",
].join("\n");

/** Slurm 20.11: no ReqGRES/AllocGRES (GPUs in TRES); ReqMem `2800Mc` (16 CPUs: ReqTRES mem 44800M) and `500000Mn`. */
export const SACCT_20_11 = [
  "JobID|JobIDRaw|User|Account|Partition|QOS|State|Submit|Eligible|Start|End|Elapsed|Timelimit|NNodes|AllocCPUS|ReqCPUS|ReqNodes|ReqMem|ReqTRES|AllocTRES|NodeList|Reservation|Flags|Constraints|JobName",
  "2001|2001|ann|chem|batch|normal|COMPLETED|2021-03-01T10:00:00|2021-03-01T10:00:00|2021-03-01T10:00:05|2021-03-01T11:00:05|01:00:00|02:00:00|1|16|16|1|2800Mc|billing=16,cpu=16,mem=44800M,node=1|billing=16,cpu=16,mem=44800M,node=1|c01||SchedMain||sim",
  "2001.batch|2001.batch||chem|||COMPLETED|2021-03-01T10:00:05|2021-03-01T10:00:05|2021-03-01T10:00:05|2021-03-01T11:00:05|01:00:00||1|16|16|1|2800Mc||cpu=16,mem=44800M,node=1|c01||||batch",
  "2001.extern|2001.extern||chem|||COMPLETED|2021-03-01T10:00:05|2021-03-01T10:00:05|2021-03-01T10:00:05|2021-03-01T11:00:05|01:00:00||1|16|16|1|2800Mc||cpu=16,mem=44800M,node=1|c01||||extern",
  "2002|2002|bob|bio|bigmem|normal|COMPLETED|2021-03-01T10:01:00|2021-03-01T10:01:00|2021-03-01T10:20:00|2021-03-01T12:20:00|02:00:00|04:00:00|1|8|8|1|500000Mn|billing=8,cpu=8,mem=500000M,node=1|billing=8,cpu=8,mem=500000M,node=1|bm01||SchedBackfill||assemble",
  "2002.batch|2002.batch||bio|||COMPLETED|2021-03-01T10:20:00|2021-03-01T10:20:00|2021-03-01T10:20:00|2021-03-01T12:20:00|02:00:00||1|8|8|1|500000Mn||cpu=8,mem=500000M,node=1|bm01||||batch",
  "2003|2003|cyd|phys|gpu|normal|COMPLETED|2021-03-01T10:02:00|2021-03-01T10:02:00|2021-03-01T10:02:03|2021-03-01T10:32:03|00:30:00|01:00:00|2|8|8|2|4Gn|billing=8,cpu=8,gres/gpu=4,mem=8G,node=2|billing=8,cpu=8,gres/gpu=4,mem=8G,node=2|g[01-02]||SchedMain|v100|train",
  "2003.0|2003.0||phys|||COMPLETED|2021-03-01T10:02:04|2021-03-01T10:02:04|2021-03-01T10:02:04|2021-03-01T10:32:03|00:29:59||2|8|8|2|4Gn||cpu=8,gres/gpu=4,mem=8G,node=2|g[01-02]||||python",
  "2004_1|2005|eve|bio|batch|normal|COMPLETED|2021-03-01T10:03:00|2021-03-01T10:03:00|2021-03-01T10:03:01|2021-03-01T10:04:01|00:01:00|00:05:00|1|1|1|1|0n|billing=1,cpu=1,node=1|billing=1,cpu=1,node=1|c02||SchedSubmit||scan",
  "2004_1.batch|2005.batch||bio|||COMPLETED|2021-03-01T10:03:01|2021-03-01T10:03:01|2021-03-01T10:03:01|2021-03-01T10:04:01|00:01:00||1|1|1|1|0n||cpu=1,node=1|c02||||batch",
  "2004_2|2004|eve|bio|batch|normal|COMPLETED|2021-03-01T10:03:00|2021-03-01T10:03:00|2021-03-01T10:03:01|2021-03-01T10:04:31|00:01:30|00:05:00|1|1|1|1|0n|billing=1,cpu=1,node=1|billing=1,cpu=1,node=1|c02||SchedSubmit||scan",
].join("\n");

/** Slurm 21.08: SubmitLine; ReqMem the whole job's; `16?` for a job whose ReqTRES has no mem; Flags `NotSet`. */
export const SACCT_21_08 = [
  "JobID|JobIDRaw|User|Account|Partition|QOS|State|Submit|Eligible|Start|End|Elapsed|Timelimit|NNodes|AllocCPUS|ReqCPUS|ReqNodes|ReqMem|ReqTRES|AllocTRES|NodeList|Flags|Constraints|SubmitLine|JobName",
  "6001|6001|ann|chem|batch|normal|COMPLETED|2022-01-10T09:00:00|2022-01-10T09:00:00|2022-01-10T09:00:02|2022-01-10T09:30:02|00:30:00|01:00:00|1|16|16|1|44800M|billing=16,cpu=16,mem=44800M,node=1|billing=16,cpu=16,mem=44800M,node=1|c01|SchedMain||sbatch --mem-per-cpu=2800 -n 16 sim.sh|sim",
  "6001.batch|6001.batch||chem|||COMPLETED|2022-01-10T09:00:02|2022-01-10T09:00:02|2022-01-10T09:00:02|2022-01-10T09:30:02|00:30:00||1|16|16|1|||cpu=16,mem=44800M,node=1|c01||||batch",
  "6002|6002|bob|bio|batch|normal|COMPLETED|2022-01-10T09:01:00|2022-01-10T09:01:00|2022-01-10T09:01:01|2022-01-10T09:02:01|00:01:00|00:05:00|1|1|1|1|16?|billing=1,cpu=1,node=1|billing=1,cpu=1,node=1|c02|NotSet||sbatch job.sh|nomem",
  "6002.batch|6002.batch||bio|||COMPLETED|2022-01-10T09:01:01|2022-01-10T09:01:01|2022-01-10T09:01:01|2022-01-10T09:02:01|00:01:00||1|1|1|1|||cpu=1,node=1|c02||||batch",
].join("\n");

/** Slurm 22.05: `SchedNotSet`, `StartRecieved` (Slurm's spelling). */
export const SACCT_22_05 = [
  "JobID|JobIDRaw|User|Account|Partition|QOS|State|Submit|Eligible|Start|End|Elapsed|Timelimit|NNodes|AllocCPUS|ReqCPUS|ReqNodes|ReqMem|ReqTRES|AllocTRES|NodeList|Flags|Constraints|SubmitLine|JobName",
  "7001|7001|ann|chem|batch|normal|COMPLETED|2022-11-01T09:00:00|2022-11-01T09:00:00|2022-11-01T09:00:02|2022-11-01T09:30:02|00:30:00|01:00:00|1|4|4|1|16?|billing=4,cpu=4,node=1|billing=4,cpu=4,node=1|c01|SchedNotSet,StartRecieved||sbatch -p batch a.sh|a",
  "7001.batch|7001.batch||chem|||COMPLETED|2022-11-01T09:00:02|2022-11-01T09:00:02|2022-11-01T09:00:02|2022-11-01T09:30:02|00:30:00||1|4|4|1|||cpu=4,node=1|c01||||batch",
].join("\n");

/**
 * Slurm 23.02: Constraints and SubmitLine (a `|` in each: the checked columns around them place it);
 * ReqMem `0` for a job without memory (23.02.6+); a job submitted to two partitions (`-p batch,gpu`).
 */
export const SACCT_23_02 = [
  "JobID|JobIDRaw|User|Account|Partition|QOS|State|Submit|Eligible|Start|End|Elapsed|Timelimit|NNodes|AllocCPUS|ReqCPUS|ReqNodes|ReqMem|ReqTRES|AllocTRES|NodeList|Reservation|Flags|Constraints|SubmitLine|JobName",
  "8001|8001|ann|phys|batch|normal|COMPLETED|2023-10-02T08:00:00|2023-10-02T08:00:00|2023-10-02T08:00:01|2023-10-02T08:30:01|00:30:00|01:00:00|2|32|32|2|16G|billing=32,cpu=32,mem=16G,node=2|billing=32,cpu=32,mem=16G,node=2|c[01-02]||SchedMain,StartRecieved|intel|amd|sbatch --mem=8G -N 2 --ntasks-per-node=16 --exclusive mpi.sh|mpi",
  "8001.batch|8001.batch||phys|||COMPLETED|2023-10-02T08:00:01|2023-10-02T08:00:01|2023-10-02T08:00:01|2023-10-02T08:30:01|00:30:00||1|16|16|1|||cpu=16,mem=8G,node=1|c01|||||batch",
  "8001.0|8001.0||phys|||COMPLETED|2023-10-02T08:00:02|2023-10-02T08:00:02|2023-10-02T08:00:02|2023-10-02T08:30:01|00:29:59||2|32|32|2|||cpu=32,mem=16G,node=2|c[01-02]||||srun ./a.out|a.out",
  "8002|8002|bob|bio|gpu|normal|COMPLETED|2023-10-02T08:05:00|2023-10-02T08:05:00|2023-10-02T08:05:01|2023-10-02T08:15:01|00:10:00|00:30:00|1|4|4|1|0|billing=4,cpu=4,gres/gpu=1,node=1|billing=4,cpu=4,gres/gpu=1,node=1|g01|rsv1|SchedBackfill,StartRecieved||sbatch -p batch,gpu --gpus=1 -d afterok:8001 --exclusive=user run.sh|gpujob",
  "8003|8003|cyd|chem|batch|normal|COMPLETED|2023-10-02T08:06:00|2023-10-02T08:06:00|2023-10-02T08:06:01|2023-10-02T08:07:01|00:01:00|00:05:00|2|2|2|1|2000M|billing=2,cpu=2,mem=2000M,node=1|billing=2,cpu=2,mem=2000M,node=2|c[03-04]||SchedMain,StartRecieved|[rack1*1&rack2*1]|sbatch --mem-per-cpu=1000 -N 1-2 -n 2 x.sh|x",
].join("\n");

/** Slurm 24.05: `StartReceived` (the spelling fixed). */
export const SACCT_24_05 = [
  "JobID|JobIDRaw|User|Account|Partition|QOS|State|Submit|Eligible|Start|End|Elapsed|Timelimit|NNodes|AllocCPUS|ReqCPUS|ReqNodes|ReqMem|ReqTRES|AllocTRES|NodeList|Flags|Constraints|SubmitLine|JobName",
  "9001|9001|ann|chem|batch|normal|COMPLETED|2024-08-01T09:00:00|2024-08-01T09:00:00|2024-08-01T09:00:02|2024-08-01T09:30:02|00:30:00|01:00:00|1|4|4|1|0|billing=4,cpu=4,node=1|billing=4,cpu=4,node=1|c01|SchedBackfill,StartReceived||sbatch a.sh|a",
  "9001.batch|9001.batch||chem|||COMPLETED|2024-08-01T09:00:02|2024-08-01T09:00:02|2024-08-01T09:00:02|2024-08-01T09:30:02|00:30:00||1|4|4|1|||cpu=4,node=1|c01||||batch",
].join("\n");

/** The machine of {@link SACCT_23_02} (sinfo -N): racks as features beside the CPU kind. */
export const NODES_23_02 = [
  "NODELIST|PARTITION|CPUS|S:C:T|MEMORY|AVAIL_FEATURES|GRES|STATE",
  "c01|batch*|16|2:8:1|64000|intel,rack1|(null)|idle",
  "c02|batch*|16|2:8:1|64000|intel,rack1|(null)|idle",
  "c03|batch*|16|2:8:1|64000|amd,rack1|(null)|idle",
  "c04|batch*|16|2:8:1|64000|amd,rack2|(null)|idle",
  "g01|batch*|8|1:8:1|32000|v100,rack2|gpu:2|idle",
  "g01|gpu|8|1:8:1|32000|v100,rack2|gpu:2|idle",
].join("\n");
