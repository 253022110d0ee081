import { describe, expect, it } from "vitest";
import { nodeRange, slurmConf, slurmdbdConf, type SlurmConfInput } from "../../cluster/slurm-conf";

const base: SlurmConfInput = {
  clusterName: "local",
  controlHost: "vm",
  nodes: 2,
  coresPerNode: 1,
  slurmctldPort: 7000,
  slurmdPorts: [7001, 7002],
  dir: "/s",
  mungeSocket: "/s/munge/munge.socket",
};

describe("slurmConf", () => {
  it("writes the whole file for two nodes without accounting (one NodeName line: one config record, each node its port)", () => {
    expect(slurmConf(base)).toBe(`ClusterName=local
SlurmctldHost=vm(127.0.0.1)
SlurmctldPort=7000
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=/s/munge/munge.socket
StateSaveLocation=/s/state
SlurmdSpoolDir=/s/spool/%n
SlurmctldPidFile=/s/run/slurmctld.pid
SlurmdPidFile=/s/run/slurmd-%n.pid
SlurmctldLogFile=/s/log/slurmctld.log
SlurmdLogFile=/s/log/slurmd-%n.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SwitchType=switch/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MailProg=/bin/true
ReturnToService=2
SlurmdParameters=config_overrides
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=2
MinJobAge=300
Waittime=0
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
PriorityType=priority/basic
NodeName=n[1-2] NodeHostname=localhost NodeAddr=127.0.0.1 Port=[7001,7002] CPUs=1 State=UNKNOWN
PartitionName=debug Nodes=n[1-2] Default=YES MaxTime=INFINITE State=UP
`);
  });

  it("points accounting at slurmdbd with the private munge socket", () => {
    const text = slurmConf({ ...base, slurmdbdPort: 7003 });
    expect(text).toContain(
      "AccountingStorageType=accounting_storage/slurmdbd\nAccountingStorageHost=127.0.0.1\nAccountingStoragePort=7003\nAccountingStoragePass=/s/munge/munge.socket\n",
    );
    expect(text).not.toContain("accounting_storage/none");
  });

  it("replaces a generated key in place (any case) and appends new keys before the node lines", () => {
    const text = slurmConf({
      ...base,
      nodes: 1,
      slurmdPorts: [7001],
      extra: { selecttype: "select/linear", SchedulerParameters: "bf_interval=5" },
    });
    const lines = text.trimEnd().split("\n");
    expect(lines).toContain("SelectType=select/linear");
    expect(lines.filter((l) => /^selecttype=/i.test(l))).toEqual(["SelectType=select/linear"]);
    expect(lines.slice(-3)).toEqual([
      "SchedulerParameters=bf_interval=5",
      "NodeName=n1 NodeHostname=localhost NodeAddr=127.0.0.1 Port=7001 CPUs=1 State=UNKNOWN",
      "PartitionName=debug Nodes=n1 Default=YES MaxTime=INFINITE State=UP",
    ]);
  });

  it("drops a line whose override is empty", () => {
    const text = slurmConf({ ...base, extra: { SelectType: "select/linear", SelectTypeParameters: "" } });
    expect(text).toContain("SelectType=select/linear\nSchedulerType=sched/backfill\n");
    expect(text).not.toContain("SelectTypeParameters");
  });

  it("rejects bad input with a message naming it", () => {
    expect(() => slurmConf({ ...base, clusterName: "Local" })).toThrow(
      /^invalid clusterName: "Local"; expected lower case/,
    );
    expect(() => slurmConf({ ...base, nodes: 0 })).toThrow(
      /^invalid nodes: 0; expected an integer in 1\.\.256$/,
    );
    expect(() => slurmConf({ ...base, coresPerNode: 1.5 })).toThrow(
      /^invalid coresPerNode: 1\.5; expected an integer/,
    );
    expect(() => slurmConf({ ...base, slurmdPorts: [7001] })).toThrow(
      /^invalid slurmdPorts: \[7001\]; expected 2 ports \(one per node\)$/,
    );
    expect(() => slurmConf({ ...base, slurmdPorts: [7001, 7001] })).toThrow(
      /^invalid ports: \[7000,7001,7001\]; expected distinct ports$/,
    );
    expect(() => slurmConf({ ...base, slurmctldPort: 70000 })).toThrow(
      /^invalid port: 70000; expected an integer in 1\.\.65535$/,
    );
    expect(() => slurmConf({ ...base, dir: "rel" })).toThrow(
      /^invalid dir: "rel"; expected an absolute path$/,
    );
    expect(() => slurmConf({ ...base, controlHost: "a b" })).toThrow(
      /^invalid controlHost: "a b"; expected a host name$/,
    );
    expect(() => slurmConf({ ...base, extra: { "Bad Key": "x" } })).toThrow(
      /^invalid slurmConf key: "Bad Key"; expected a slurm.conf parameter name/,
    );
    expect(() => slurmConf({ ...base, extra: { X: "a\nb" } })).toThrow(
      /^invalid slurmConf\.X: "a\\nb"; expected a single-line value \("" drops the line\)$/,
    );
  });
});

describe("nodeRange", () => {
  it("writes Slurm hostlists", () => {
    expect(nodeRange(1)).toBe("n1");
    expect(nodeRange(8)).toBe("n[1-8]");
    expect(() => nodeRange(0)).toThrow(/^invalid nodes: 0; expected a positive integer$/);
  });
});

describe("slurmdbdConf", () => {
  it("writes the whole file", () => {
    expect(
      slurmdbdConf({
        controlHost: "vm",
        dbdPort: 7003,
        storagePort: 7004,
        storageUser: "slurm",
        storagePass: "pw1",
        dir: "/s",
        mungeSocket: "/s/m.sock",
      }),
    ).toBe(`AuthType=auth/munge
AuthInfo=socket=/s/m.sock
DbdHost=vm
DbdAddr=127.0.0.1
DbdPort=7003
SlurmUser=root
DebugLevel=info
LogFile=/s/log/slurmdbd.log
PidFile=/s/run/slurmdbd.pid
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=7004
StorageUser=slurm
StoragePass=pw1
StorageLoc=slurm_acct_db
`);
  });
  it("rejects bad input", () => {
    const ok = {
      controlHost: "vm",
      dbdPort: 7003,
      storagePort: 7004,
      storageUser: "slurm",
      storagePass: "pw1",
      dir: "/s",
      mungeSocket: "/s/m.sock",
    };
    expect(() => slurmdbdConf({ ...ok, dbdPort: 0 })).toThrow(
      /^invalid port: 0; expected an integer in 1\.\.65535$/,
    );
    expect(() => slurmdbdConf({ ...ok, storageUser: "a'b" })).toThrow(
      /^invalid storageUser: "a'b"; expected letters, digits and _$/,
    );
    expect(() => slurmdbdConf({ ...ok, storagePass: "x y" })).toThrow(
      /^invalid storagePass: "\(hidden\)"; expected letters/,
    );
  });
});
