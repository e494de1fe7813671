// SPDX-License-Identifier: Apache-2.0
// The ranges of perfscope's sized parameters: one description for the IP's
// own checks (perfscope.v) and for a top that passes a parameter on
// (soc/rtl/soc_sim_top.v). Macros, so that modules of one design can share
// them (functions of one name in a module and its child collide in lint).
`ifndef PERFSCOPE_PARAMS_VH
`define PERFSCOPE_PARAMS_VH

// TRACE_DEPTH: the trace FIFO's records, a power of two 16..4096 (or 0).
`define PERFSCOPE_TRACE_DEPTH_OK(n) ((n) >= 16 && (n) <= 4096 && ((n) & ((n) - 1)) == 0)

// HIST_BUCKETS: the histogram's words, a power of two 2..4096 (or 0).
// (perfscope_hist.v, which reads no include file, checks its BUCKETS
// against the same range itself.)
`define PERFSCOPE_HIST_BUCKETS_OK(n) ((n) >= 2 && (n) <= 4096 && ((n) & ((n) - 1)) == 0)

`endif
