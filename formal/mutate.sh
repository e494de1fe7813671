#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Shows that the proofs bite: each mutation below plants one bug in a copy of
# the RTL under build/formal/mut/, and the formal proofs (NUM_SECTIONS=2)
# must fail on it. The IP testbench (three sections, misuse and random
# checks) runs on the mutant too, for comparison.
# One line per mutation: "PASS mutation <name>: caught by ..." when a proof
# failed, "FAIL mutation <name>: ..." when every proof passed.
#
#   formal/mutate.sh [ip] [ip-trace] [trace] [alone] [oreg]   those groups (below), all without one
set -u
cd "$(dirname "$0")/.." || exit 1
TOP=$PWD
OUT=$TOP/build/formal/mut

# name % text in rtl/perfscope.v % its replacement
MUTATIONS=$(cat <<'EOF'
offset-off-by-one % r_cin    <= !r_run[0]; % r_cin    <= r_run[0];
dropped-ack % o_wb_ack <= (accept && !rd_ram) || (r_step && r_read); % o_wb_ack <= accept && !rd_ram;
ack-after-abort % if (i_reset || !i_wb_cyc) % if (i_reset)
stall-ends-early % || (i_wb_cyc && ((accept && !rd_ram) || (r_step && r_read))); % ;
clear-too-short % r_clear      <= (r_clear_addr != 3'd7); % r_clear      <= (r_clear_addr != 3'd2);
counts-while-stopped % (cmd_begin && r_run[0]) % cmd_begin
g-runs-while-stopped % r_gtime[31:0] + {31'd0, r_run[0]} % r_gtime[31:0] + 32'd1
carry-lost-at-bit-32 % {sum_lo[32] ? sum_hi1 : sum_hi0, sum_lo[31:0]} % {sum_hi0, sum_lo[31:0]}
g-high-half-while-stopped % g_lo_wrap  = r_run[0] && (&r_gtime[31:0]) % g_lo_wrap  = (&r_gtime[31:0])
latch-any-section % hi_hit     = r_hi_valid && (r_hi_sec == a_sec) % hi_hit     = r_hi_valid
absent-section-writable % a_valid  = in_secs && PRESENT[a_sec] % a_valid  = in_secs
reset-without-lane-0 % (a_reg == PERF_SEC_TIME_LO) && i_wb_sel[0] && i_wb_data[0] % (a_reg == PERF_SEC_TIME_LO) && i_wb_data[0]
no-flag-on-g-wrap % (g_wrap ? PRESENT : 8'd0) | (occ_wrap % (occ_wrap
ovf-skips-g-wrap % else if (act || r_step || g_lo_wrap) % else if (act || r_step)
no-flag-on-occ-wrap % (occ_wrap ? (8'd1 << r_sec) : 8'd0) % 8'd0
clear-beats-set % r_ovf <= (r_ovf & ~ovf_clr) | ovf_set; % r_ovf <= (r_ovf | ovf_set) & ~ovf_clr;
ovf-read-before-edge % {24'd0, r_ovf | (g_wrap ? PRESENT : 8'd0)} % {24'd0, r_ovf}
ram-read-only-for-writes % .i_re    (act), % .i_re    (act && i_wb_we),
step-skips-occ-read % need_step = rd_ram || (cmd_end && a_run) || cmd_begin || cmd_start || tg_go; % need_step = rd_lo || rd_hi || rd_pop_lo || (cmd_end && a_run) || cmd_begin || cmd_start || tg_go;
read-hi-gets-low-half % rd_data  = take_hi ? ram_wdata[63:32] % rd_data  = take_hi ? ram_wdata[31:0]
latch-gets-low-half % r_hi_word <= ram_wdata[63:32]; % r_hi_word <= ram_wdata[31:0];
EOF
)

# perfscope.v's mutations that only the trace unit reaches: each must fail a
# proof of the model with the unit (NUM_SECTIONS=2, TRACE_DEPTH=16).
IP_TRACE_MUTATIONS=$(cat <<'EOF'
pop-keeps-time-latch % else if (rd_latched || rd_pop_lo) % else if (rd_latched)
EOF
)

# The IP's files, as fusesoc.core lists them.
mapfile -t ip_files < <(.venv/bin/python scripts/corefiles.py files perfscope:perfscope:perfscope)
if [ ${#ip_files[@]} -eq 0 ]; then
  echo "FAIL mutation: scripts/corefiles.py lists no files of perfscope:perfscope:perfscope"
  exit 1
fi

# mutant NAME FILE FROM TO MODEL: a copy of the IP in $OUT/NAME with FROM
# replaced by TO in rtl/FILE (it must stand there once), and that copy's
# formal model MODEL (s2, or t2 with the trace unit) built; sets dir and
# model, or says FAIL and returns 1.
mutant() {
  local name=$1 file=$2 from=$3 to=$4
  dir=$OUT/$name
  rm -rf "$dir" && mkdir -p "$dir/rtl"
  cp "${ip_files[@]}" "$dir/rtl/"
  if ! FROM=$from TO=$to python3 - "$dir/rtl/$file" <<'PY'
import os, sys
p = sys.argv[1]
t = open(p).read()
if t.count(os.environ["FROM"]) != 1:
    sys.exit(1)
open(p, "w").write(t.replace(os.environ["FROM"], os.environ["TO"]))
PY
  then
    echo "FAIL mutation $name: its text is not in rtl/$file exactly once"
    return 1
  fi
  model=$dir/formal/$5/model.smt2
  if ! make -s -C formal RTL="$dir/rtl" BUILD="$dir/formal" "$model" > "$dir/build.log" 2>&1; then
    echo "FAIL mutation $name: yosys cannot read the mutant, see $dir/build.log"
    return 1
  fi
}

# The trace unit's: each must fail a proof of the model with the unit
# (NUM_SECTIONS=2, TRACE_DEPTH=16), induction or the bounded model check.
TRACE_MUTATIONS=$(cat <<'EOF'
trace-sync-not-forced % wire        forced    = r_force_sync || r_roll; % wire        forced    = r_roll;
trace-roll-not-forcing % wire        forced    = r_force_sync || r_roll; % wire        forced    = r_force_sync;
trace-roll-lost-with-record % r_roll <= roll_now; % r_roll <= 1'b0;
trace-head-visible-too-early % wire        avail     = (r_level[AW:1] != 0) || (r_level[0] && !r_wrote); % wire        avail     = (r_level != 0);
trace-sync-time-wrong % r_rec[60:32], i_gtime[52:21]}; % r_rec[60:32], i_gtime[52:21] + 32'd1};
trace-head-not-reread-after-write % .i_re    (1'b1),  // at every edge % .i_re    (take || ovr),  //
trace-take-skipped-without-write % if (wr || avail) begin % if (wr) begin
trace-level-frozen-on-take % end else if (wr || take || r_wrote) begin % end else if (wr || r_wrote) begin
trace-drops-wrap % else if (drops_up && !drops_sum[16]) % else if (drops_up)
trace-loss-count-wraps % if (!cnt_sum[16]) % if (1'b1)
trace-exit-keeps-depth % depth_step = r_depth + {{7{ev_exit}}, ev_enter || ev_exit}; % depth_step = r_depth + {7'd0, ev_enter};
trace-exit-carries-depth-after % ev_depth  = r_depth; % ev_depth  = ev_exit ? depth_step : r_depth;
trace-period-odd-blocks-only % wire         due = r_wr[PB] != r_sblk; % wire         due = r_wr[PB] && !r_sblk;
trace-gap-grows-at-mark % if (dn || (up && (r_gap != 0))) % if (dn || up)
trace-room-for-one % && !(forced && r_slot) && (r_ovw || !lvl_ge_f1) % && !(forced && r_slot) && (r_ovw || !lvl_full)
trace-loss-without-rolled % {PERF_TRACE_T_LOSS, 7'd0, r_roll, i_gtime[20:0]} % {PERF_TRACE_T_LOSS, 8'd0, i_gtime[20:0]}
trace-loss-time-of-last-drop % else if ((ev_drop || rev_drop) && !r_loss) % else if (ev_drop || rev_drop)
EOF
)

# The trace unit's two sources: each must fail a proof of the trace unit
# alone (formal/Makefile's model a), induction or a shorter bounded check.
ALONE_MUTATIONS=$(cat <<'EOF'
rt-depth-before-bus-event % rev_depth  = depth_step; % rev_depth  = r_depth;
rt-jump-changes-depth % (i_rt_ev_type == PERF_TRACE_T_ENTER && !i_rt_ev_data[0]) % (i_rt_ev_type == PERF_TRACE_T_ENTER)
rt-slot-not-late % r_slot_late <= rev_rec && ev; % r_slot_late <= 1'b0;
rt-loss-counts-one % r_rec[31:0] <= {30'd0, loss_n}; % r_rec[31:0] <= 32'd1;
rt-loss-in-retire-cycle % !i_accept && !i_rt_ev && % !i_accept &&
rt-period-ignored % rt_need    = forced || due; % rt_need    = forced;
rt-no-room-for-both % && !(rt_on && !r_ovw && lvl_ge_f2); % ;
rt-bus-sync-beside-slot % wr_sync   = ev_rec && need_sync && !r_slot; % wr_sync   = ev_rec && need_sync;
rt-sync-when-port-busy % wr_rsync   = rev_rec && rt_need && !rt_busy; % wr_rsync   = rev_rec && rt_need;
rt-forced-sync-skipped-when-busy % && !(forced && rt_busy) % && 1'b1
rt-bus-forced-beside-slot % ev_rec    = !r_loss && !(forced && r_slot) && % ev_rec    = !r_loss &&
rt-drops-one-for-two % {1'b0, ovr} + {1'b0, ev_drop} + {1'b0, rev_drop} - 2'd1 % {1'b0, ovr} + {1'b0, ev_drop | rev_drop} - 2'd1
rt-drops-stop-below-ones % else if (drops_up && (rev_drop || r_slot)) % else if (1'b0)
rt-loss-count-stops-below-ones % else if (rev_drop) % else if (1'b0)
rt-loss-counts-one-for-two % {16'd0, i_ev && r_en && rt_on} % {16'd0, 1'b0}
rt-slot-written-under-record % wire        slot_wr   = r_slot && !r_rec_pend; % wire        slot_wr   = r_slot;
rt-slot-folded-with-tap % wire         slot = (TAP != 0) && r_slot; % wire         slot = 1'b0;
EOF
)

# OREG = 1's head and room flags: each must fail a proof of the trace unit
# alone with OREG = 1 (formal/Makefile's model o), its OREG_K-induction or
# the shorter bounded check.
OREG_MUTATIONS=$(cat <<'EOF'
oreg-head-misses-write-behind-read % | ({64{r_b_sel}} & q_b) | ({64{r_w2_sel}} & r_wd2); % | ({64{r_b_sel}} & q_b);
oreg-head-from-a-over-its-write % adv && !r_adv && !r_hit_a; % adv && !r_adv;
oreg-b-never-overwritten % r_hit_b    <= wr && lvl_2; % r_hit_b    <= 1'b0;
oreg-room-flag-stuck-going-up % r_ge_f2 <= lvl_ge_f1; % r_ge_f2 <= lvl_full;
oreg-head-held-from-a % r_hold     <= ram_q; % r_hold     <= q_a;
EOF
)

# try FILE MODEL [tb]: each mutation on stdin planted in rtl/FILE must fail a
# proof of MODEL, induction or the bounded model check; with tb the IP
# testbench (three sections: the misuse checks and 200k random operations,
# with sections that are not there) runs on the mutant too, for comparison.
try() {
  local file=$1 model_name=$2 tb_run=${3:-} name from to start ind bmc caught tb secs
  while IFS='%' read -r name from to; do
    name=${name% } from=${from# } from=${from% } to=${to# }
    start=$(date +%s)
    mutant "$name" "$file" "$from" "$to" "$model_name" || { status=1; continue; }
    # Induction first: a broken invariant usually fails it in seconds.
    ind=$(formal/prove.sh ind "$model" "${IND_K:-1}" "$name")
    bmc=$(formal/prove.sh bmc "$model" "${BMC_DEPTH:-20}" "$name")
    caught=""
    case $ind in FAIL*) caught="induction (${ind##*induction: })" ;; esac
    case $bmc in FAIL*) caught="${caught:+$caught, }BMC (${bmc##*from reset: })" ;; esac
    tb=""
    if [ -n "$tb_run" ]; then
      make -s -C rtl/tb RTL_DIR="$dir/rtl" BUILD="$dir/tb" "$dir/tb/s3/Vperfscope" > "$dir/tb.log" 2>&1
      tb="; the testbench: $("$dir/tb/s3/Vperfscope" +ops=200000 +random_only 2>&1 | tee -a "$dir/tb.log" | grep -c '^FAIL') FAIL lines"
    fi
    secs=$(( $(date +%s) - start ))
    if [ -n "$caught" ]; then
      echo "PASS mutation $name: caught by $caught$tb ($secs s)"
    else
      echo "FAIL mutation $name: every proof passed$tb ($secs s)"
      status=1
    fi
  done
}

# The groups to run, all without arguments: ip (with the testbench),
# ip-trace, trace, alone, oreg.
groups=" ${*:-ip ip-trace trace alone oreg} "
status=0
[[ $groups == *" ip "* ]] && try perfscope.v s2 tb <<< "$MUTATIONS"
[[ $groups == *" ip-trace "* ]] && try perfscope.v t2 <<< "$IP_TRACE_MUTATIONS"
[[ $groups == *" trace "* ]] && try perfscope_trace.v t2 <<< "$TRACE_MUTATIONS"
[[ $groups == *" alone "* ]] && BMC_DEPTH=10 try perfscope_trace.v a <<< "$ALONE_MUTATIONS"
[[ $groups == *" oreg "* ]] && IND_K=3 BMC_DEPTH=10 try perfscope_trace.v o <<< "$OREG_MUTATIONS"
exit $status
