/**
 * slurm.conf's keys as Slurm's parser knows them (src/common/read_config.c `slurm_conf_options[]`
 * and the line tables of `_parse_nodename`, `_parse_partitionname`, `_parse_nodeset`,
 * `_parse_downnodes`, `_parse_frontend`): the union over releases 14.11 to 25.11, each key with its
 * S_P_* type (the widest where releases differ), the releases that know a key not known to all, and
 * the old spellings Slurm still reads. A key no release knows is refused; one a release does not
 * know is reported by {@link keyVersionNote}.
 */
import type { ConfSpec, ConfValueType } from "./slurm-conf-file";

const STRING_KEYS =
  "AccountingStorageBackupHost AccountingStorageEnforce AccountingStorageExternalHost " +
  "AccountingStorageHost AccountingStorageLoc AccountingStorageParameters AccountingStoragePass " +
  "AccountingStorageTRES AccountingStorageType AccountingStorageUser AccountingStoreFlags " +
  "AcctGatherEnergyType AcctGatherFilesystemType AcctGatherInfinibandType AcctGatherInterconnectType " +
  "AcctGatherProfileType AuthAltParameters AuthAltTypes AuthInfo AuthType BackupAddr BackupController " +
  "BcastExclude BcastParameters BurstBufferParameters BurstBufferType CertgenParameters CertgenType " +
  "CertmgrParameters CertmgrType CheckpointType ChosLoc CliFilterParameters CliFilterPlugins " +
  "ClusterName CommunicationParameters ControlAddr ControlMachine CoreSpecPlugin CpuFreqDef " +
  "CpuFreqGovernors CredType CryptoType DataParserParameters DebugFlags DefaultStorageHost " +
  "DefaultStorageLoc DefaultStoragePass DefaultStorageType DefaultStorageUser DependencyParameters " +
  "EnforcePartLimits ExtSensorsType FederationParameters GpuFreqDef GresTypes HashPlugin " +
  "HealthCheckNodeState HealthCheckProgram HttpParserType InteractiveStepOptions " +
  "JobAcctGatherFrequency JobAcctGatherParams JobAcctGatherType JobCheckpointDir JobCompHost " +
  "JobCompLoc JobCompParams JobCompPass JobCompPassScript JobCompType JobCompUser JobContainerType " +
  "JobCredentialPrivateKey JobCredentialPublicCertificate JobSubmitPlugins LaunchParameters LaunchType " +
  "Layouts Licenses LogTimeFormat MCSParameters MCSPlugin MailDomain MailProg MemLimitEnforce " +
  "MetricsType MpiDefault MpiParams MsgAggregationParams NamespaceType NodeFeaturesPlugins " +
  "PlugStackConfig PluginDir PowerParameters PowerPlugin PrEpParameters PrEpPlugins PreemptExemptTime " +
  "PreemptMode PreemptParameters PreemptType PriorityCalcPeriod PriorityDecayHalfLife PriorityFlags " +
  "PriorityMaxAge PriorityParameters PrioritySiteFactorParameters PrioritySiteFactorPlugin " +
  "PriorityType PriorityUsageResetPeriod PriorityWeightTRES PrivateData ProctrackType PrologFlags " +
  "PropagateResourceLimits PropagateResourceLimitsExcept RebootProgram ReconfigFlags RequeueExit " +
  "RequeueExitHold ResumeFailProgram ResumeProgram ResvEpilog ResvProlog RoutePlugin " +
  "SallocDefaultCommand SbcastParameters SchedulerAuth SchedulerParameters SchedulerType " +
  "ScronParameters SelectType SelectTypeParameters SlurmSchedLogFile SlurmUser SlurmctldAddr " +
  "SlurmctldDebug SlurmctldLogFile SlurmctldParameters SlurmctldPidFile SlurmctldPlugstack " +
  "SlurmctldPort SlurmctldPrimaryOffProg SlurmctldPrimaryOnProg SlurmctldSyslogDebug SlurmdDebug " +
  "SlurmdLogFile SlurmdParameters SlurmdPidFile SlurmdPlugstack SlurmdSpoolDir SlurmdSyslogDebug " +
  "SlurmdUser SrunEpilog SrunPortRange SrunProlog StateSaveLocation SuspendExcNodes SuspendExcParts " +
  "SuspendExcStates SuspendProgram SuspendTime SwitchParameters SwitchType TLSParameters TLSType " +
  "TaskEpilog TaskPlugin TaskPluginParam TaskProlog TmpFS TopologyParam TopologyPlugin " +
  "UnkillableStepProgram UrlParserType X11Parameters " +
  "";

const TYPED_KEYS: Record<Exclude<ConfValueType, "string">, string> = {
  u16:
    "AccountingStoragePort AcctGatherNodeFreq BatchStartTimeout CacheGroups CompleteWait DynAllocPort " +
    "EioTimeout EpilogTimeout ExtSensorsFreq FairShareDampeningFactor FastSchedule GetEnvTimeout " +
    "GroupUpdateForce GroupUpdateTime HealthCheckInterval InactiveLimit JobFileAppend JobRequeue " +
    "KillOnBadExit KillWait MaxTasksPerNode MessageTimeout OverTimeLimit PrologEpilogTimeout PrologTimeout " +
    "PropagatePrioProcess ResumeRate ResumeTimeout ResvOverRun ReturnToService SchedulerPort " +
    "SchedulerRootFilter SchedulerTimeSlice SlurmSchedLogLevel SlurmctldTimeout SlurmdTimeout SuspendRate " +
    "SuspendTimeout TCPTimeout TreeWidth UnkillableStepTimeout VSizeFactor WaitTime",
  u32:
    "DefaultStoragePort EpilogMsgTime FirstJobId JobCompPort KeepAliveTime MaxArraySize MaxBatchRequeue " +
    "MaxDBDMsgs MaxJobCount MaxJobId MaxNodeCount MaxStepCount MinJobAge PriorityWeightAge " +
    "PriorityWeightAssoc PriorityWeightFairShare PriorityWeightJobSize PriorityWeightPartition " +
    "PriorityWeightQOS SlurmdPort",
  u64: "DefCPUPerGPU DefMemPerCPU DefMemPerGPU DefMemPerNode MaxMemPerCPU MaxMemPerNode",
  bool: "AccountingStoreJobComment AllowSpecResourcesUsage DisableRootJobs PriorityFavorSmall TrackWCKey UsePAM",
  array: "Epilog EpilogSlurmctld Prolog PrologSlurmctld",
};

function table(groups: Partial<Record<ConfValueType, string>>): Record<string, ConfValueType> {
  const out: Record<string, ConfValueType> = {};
  for (const [type, names] of Object.entries(groups) as [ConfValueType, string][])
    for (const k of names.split(" ")) if (k !== "") out[k] = type;
  return out;
}

/** The NodeName line's keys (NodeName=DEFAULT takes the same). */
export const NODE_KEYS = table({
  string:
    "BcastAddr CPUSpecList CpuBind Feature Features Gres GresConf NodeAddr NodeHostname Parameters Port " +
    "Reason State Topology TRESWeights",
  u16: "Boards CoreSpecCount CoresPerSocket CPUs Procs RestrictedCoresPerGPU Sockets SocketsPerBoard ThreadsPerCore",
  u32: "TmpDisk Weight",
  u64: "MemSpecLimit RealMemory",
});

/** The PartitionName line's keys. */
export const PARTITION_KEYS = table({
  string:
    "AllocNodes AllowAccounts AllowGroups AllowQos Alternate CpuBind DefaultTime DenyAccounts DenyQos MaxTime " +
    "Nodes OverSubscribe OverTimeLimit PreemptMode QOS SelectTypeParameters Shared State SuspendTime " +
    "Topology TRESBillingWeights",
  bool: "Default DisableRootJobs ExclusiveTopo ExclusiveUser Hidden LLN PowerDownOnIdle ReqResv RootOnly",
  u16: "Priority PriorityJobFactor PriorityTier ResumeTimeout SuspendTimeout",
  u32: "GraceTime MaxCPUsPerNode MaxCPUsPerSocket MaxNodes MinNodes",
  u64: "DefCPUPerGPU DefMemPerCPU DefMemPerGPU DefMemPerNode MaxMemPerCPU MaxMemPerNode",
});

/** slurm.conf's keys and line keys (see the module comment). */
export const SLURM_CONF_SPEC: ConfSpec = Object.freeze({
  what: "slurm.conf",
  keys: Object.freeze({ ...table({ string: STRING_KEYS }), ...table(TYPED_KEYS) }),
  lines: Object.freeze({
    NodeName: NODE_KEYS,
    PartitionName: PARTITION_KEYS,
    NodeSet: table({ string: "Feature Nodes" }),
    DownNodes: table({ string: "Reason State" }),
    FrontendName: table({
      string: "AllowGroups AllowUsers DenyGroups DenyUsers FrontendAddr Reason State",
      u16: "Port",
    }),
    SlurmctldHost: {},
  }),
});

/** Keys not known to every release 14.11–25.11: `Key:first-last` (an empty end: the first or last release). */
const SPANS =
  "AccountingStorageExternalHost:20.02- AccountingStorageLoc:-25.05 AccountingStorageParameters:20.11- " +
  "AccountingStorageTRES:15.08- AccountingStoreFlags:21.08- AcctGatherInterconnectType:17.11- " +
  "AuthAltParameters:20.11- AuthAltTypes:19.05- BcastExclude:21.08- BcastParameters:21.08- " +
  "BurstBufferParameters:15.08- BurstBufferType:15.08- CacheGroups:-20.11 CertgenParameters:25.05- " +
  "CertgenType:25.05- CertmgrParameters:24.11- CertmgrType:24.11- CheckpointType:-20.11 ChosLoc:-20.02 " +
  "CliFilterParameters:25.11- CliFilterPlugins:19.05- CommunicationParameters:18.08- " +
  "CpuFreqGovernors:15.08- CredType:19.05- DataParserParameters:24.11- DefCPUPerGPU:18.08- " +
  "DefMemPerGPU:18.08- DefaultStorageHost:-20.11 DefaultStorageLoc:-20.11 DefaultStoragePass:-20.11 " +
  "DefaultStoragePort:-20.11 DefaultStorageType:-20.11 DefaultStorageUser:-20.11 " +
  "DependencyParameters:20.02- DynAllocPort:-14.11 EioTimeout:15.08- EpilogTimeout:25.05- " +
  "FederationParameters:17.11- FrontendName:-24.11 GpuFreqDef:19.05- HashPlugin:24.05- " +
  "HttpParserType:25.11- InteractiveStepOptions:20.11- JobCheckpointDir:-20.11 JobCompParams:20.02- " +
  "JobCompPassScript:25.11- LaunchParameters:15.08- Layouts:-20.02 MCSParameters:16.05- " +
  "MCSPlugin:16.05- MailDomain:17.02- MaxBatchRequeue:23.02- MaxDBDMsgs:20.02- MaxNodeCount:22.05- " +
  "MemLimitEnforce:-20.11 MetricsType:25.11- MsgAggregationParams:15.08-20.02 NamespaceType:25.11- " +
  "NodeFeaturesPlugins:16.05- NodeSet:20.02- PowerParameters:15.08- PowerPlugin:15.08- " +
  "PrEpParameters:20.02- PrEpPlugins:20.02- PreemptExemptTime:19.05- PreemptParameters:23.02- " +
  "PrioritySiteFactorParameters:19.05- PrioritySiteFactorPlugin:19.05- PriorityWeightAssoc:19.05- " +
  "PriorityWeightTRES:15.08- PrologEpilogTimeout:15.08- PrologTimeout:25.05- ResumeFailProgram:18.08- " +
  "SbcastParameters:17.02- SchedulerAuth:-23.11 SchedulerPort:-20.11 SchedulerRootFilter:-20.11 " +
  "ScronParameters:20.11- SlurmctldAddr:18.08- SlurmctldHost:18.08- SlurmctldParameters:18.08- " +
  "SlurmctldPlugstack:-22.05 SlurmctldPrimaryOffProg:18.08- SlurmctldPrimaryOnProg:18.08- " +
  "SlurmctldSyslogDebug:17.11- SlurmdParameters:18.08- SlurmdPlugstack:-17.02 SlurmdSyslogDebug:17.11- " +
  "SuspendExcStates:23.02- SwitchParameters:21.08- TCPTimeout:16.05- TLSParameters:24.05- " +
  "TLSType:24.05- TopologyParam:15.08- UrlParserType:25.11- X11Parameters:18.08- " +
  "";

/**
 * Old spellings Slurm still reads and what it reads them as (read_config.c `_load_slurmctld_host`,
 * `_parse_nodename`, `_parse_partitionname`).
 */
export const KEY_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  ControlMachine: "SlurmctldHost[0] (its host)",
  ControlAddr: "SlurmctldHost[0] (its address)",
  BackupController: "SlurmctldHost[1] (its host)",
  BackupAddr: "SlurmctldHost[1] (its address)",
  "NodeName/Procs": "CPUs",
  "NodeName/Feature": "Features",
  "PartitionName/Shared": "OverSubscribe",
  "PartitionName/Priority": "PriorityJobFactor and PriorityTier",
});

const num = (v: string) => {
  const m = /^(\d+)\.(\d+)/.exec(v);
  return m ? Number(m[1]) * 100 + Number(m[2]) : NaN;
};

/**
 * Why a release of Slurm would not take `key` ("" when it does, or when `version` is unknown):
 * e.g. "CacheGroups: known to Slurm up to 20.11, not 22.05".
 */
export function keyVersionNote(key: string, version: string): string {
  const v = num(version);
  if (Number.isNaN(v)) return "";
  for (const item of SPANS.split(" ")) {
    const m = /^([^:]+):([\d.]*)-([\d.]*)$/.exec(item);
    if (!m || m[1] !== key) continue;
    if (m[2] !== "" && v < num(m[2])) return `${key}: known to Slurm from ${m[2]}, not ${version}`;
    if (m[3] !== "" && v > num(m[3])) return `${key}: known to Slurm up to ${m[3]}, not ${version}`;
  }
  return "";
}
