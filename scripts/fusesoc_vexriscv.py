#!/usr/bin/env python3
"""FuseSoC generator: a core holding one VexRiscv variant's Verilog, copied
from the pinned pythondata-cpu-vexriscv package (never from the repository).

FuseSoC calls it with the path of a YAML file that names the core to write
(vlnv) and the parameter `variant` (VexRiscv_Min, VexRiscv_Lite, VexRiscv_Full).
"""
import shutil
import sys

import pythondata_cpu_vexriscv
import yaml

VARIANTS = ("VexRiscv_Min", "VexRiscv_Lite", "VexRiscv_Full")


def main():
    with open(sys.argv[1]) as f:
        gapi = yaml.safe_load(f)
    variant = gapi.get("parameters", {}).get("variant", "VexRiscv_Min")
    if variant not in VARIANTS:
        sys.exit(f"fusesoc_vexriscv: unknown variant {variant!r}; one of {', '.join(VARIANTS)}")
    shutil.copy(f"{pythondata_cpu_vexriscv.data_location}/{variant}.v", f"{variant}.v")
    core = {
        "name": gapi["vlnv"],
        "filesets": {"cpu": {"files": [f"{variant}.v"], "file_type": "verilogSource"}},
        "targets": {"default": {"filesets": ["cpu"]}},
    }
    with open("vexriscv.core", "w") as f:
        f.write("CAPI=2:\n")
        yaml.safe_dump(core, f, sort_keys=False)


if __name__ == "__main__":
    main()
