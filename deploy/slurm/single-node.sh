#!/bin/sh
# A one-machine Slurm from the system's packages, to try the recipe before a real
# cluster (Debian/Ubuntu: `apt-get install slurm-wlm munge`). Run as root. It writes
# /etc/slurm/slurm.conf for this host (all its cores, one partition `weft`) and starts
# munged, slurmctld and slurmd: with systemd through systemctl, otherwise directly.
# An existing slurm.conf is kept unless FORCE=1.
set -eu

host=$(hostname -s)
cpus=$(nproc)
# Leave 10% of the memory to the system.
mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)

if [ -e /etc/slurm/slurm.conf ] && [ "${FORCE:-0}" != 1 ]; then
    echo "/etc/slurm/slurm.conf exists: kept (FORCE=1 replaces it)"
else
    mkdir -p /etc/slurm
    cat > /etc/slurm/slurm.conf <<CONF
# Written by weft's deploy/slurm/single-node.sh: one node, all its cores.
ClusterName=weft
SlurmctldHost=$host
AuthType=auth/munge
# No cgroups needed (containers, small machines): processes tracked by their parents.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmUser=root
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmdSpoolDir=/var/spool/slurmd
StateSaveLocation=/var/spool/slurmctld
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=weft Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
fi
mkdir -p /var/spool/slurmd /var/spool/slurmctld /var/log/slurm /run/munge
chown munge:munge /run/munge

if [ -d /run/systemd/system ]; then
    systemctl restart munge slurmctld slurmd
else
    pgrep -x munged >/dev/null || su -s /bin/sh munge -c /usr/sbin/munged
    pgrep -x slurmctld >/dev/null || /usr/sbin/slurmctld
    pgrep -x slurmd >/dev/null || /usr/sbin/slurmd
fi
sleep 2
sinfo
