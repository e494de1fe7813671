// SPDX-License-Identifier: Apache-2.0
// perfscope in the SoC's window (soc_top's o_perf_* port), or nothing: with
// PERF_SECTIONS = 0 the window is unmapped I/O, for measuring the SoC
// without perfscope (make bench-fpga). The board wrapper (syn/board_soc.v)
// and the simulation wrapper (soc_sim_top.v) both place it.
`default_nettype none

module soc_perf #(
	parameter PERF_SECTIONS = 7,  // 1..7; 0: no perfscope
	parameter TRACE_DEPTH   = 0,  // perfscope's trace FIFO: 0 (none) or a power of two 16..4096
	parameter RETIRE        = 0,  // 1: perfscope's retire tap on i_rt_* (docs/retire.md)
	parameter HIST_BUCKETS  = 0,  // with RETIRE: its histogram's words, 0 or a power of two 2..4096
	parameter TRIGGERS      = 0   // with RETIRE: sections 1..TRIGGERS take trigger addresses
) (
	input  wire        i_clk,
	input  wire        i_reset,
	output wire        o_mapped,     // to soc_top's i_perf_mapped
	input  wire        i_wb_cyc,
	input  wire        i_wb_stb,
	input  wire        i_wb_we,
	input  wire [5:0]  i_wb_addr,
	input  wire [31:0] i_wb_data,
	input  wire [3:0]  i_wb_sel,
	output wire        o_wb_stall,
	output wire        o_wb_ack,
	output wire [31:0] o_wb_data,
	output wire        o_trace_valid,  // perfscope's trace stream (docs/trace.md)
	output wire [63:0] o_trace_data,
	input  wire        i_trace_ready,
	input  wire        i_rt_firing,    // the CPU's retire stream, for perfscope's retire tap
	input  wire [31:0] i_rt_pc,
	input  wire [31:0] i_rt_insn,
	input  wire        i_rt_trap
);

	// PERF_SECTIONS out of range stops elaboration with an error naming the
	// module below, which exists nowhere (rtl/perfscope.v does the same).
	generate
	if (PERF_SECTIONS < 0 || PERF_SECTIONS > 7) begin : g_bad_perf_sections
		soc_perf_error_PERF_SECTIONS_must_be_0_to_7 u_error ();
	end
	endgenerate

	assign o_mapped = (PERF_SECTIONS != 0);

	// perfscope only with its count in range: out of it, the error above
	// alone names the parameter, not perfscope's own check too.
	generate
	if (PERF_SECTIONS >= 1 && PERF_SECTIONS <= 7) begin : g_perf
		perfscope #(
			.NUM_SECTIONS (PERF_SECTIONS),
			.TRACE_DEPTH  (TRACE_DEPTH),
			.RETIRE       (RETIRE),
			.HIST_BUCKETS (HIST_BUCKETS),
			.TRIGGERS     (TRIGGERS)
		) u_perf (
			.i_clk      (i_clk),
			.i_reset    (i_reset),
			.i_wb_cyc   (i_wb_cyc),
			.i_wb_stb   (i_wb_stb),
			.i_wb_we    (i_wb_we),
			.i_wb_addr  (i_wb_addr),
			.i_wb_data  (i_wb_data),
			.i_wb_sel   (i_wb_sel),
			.o_wb_stall (o_wb_stall),
			.o_wb_ack   (o_wb_ack),
			.o_wb_data  (o_wb_data),
			.o_trace_valid (o_trace_valid),
			.o_trace_data  (o_trace_data),
			.i_trace_ready (i_trace_ready),
			.i_rt_firing   (i_rt_firing),
			.i_rt_pc       (i_rt_pc),
			.i_rt_insn     (i_rt_insn),
			.i_rt_trap     (i_rt_trap)
		);
	end else begin : g_no_perf
		// The window is unmapped I/O; the port stays quiet.
		assign o_wb_stall = 1'b0;
		assign o_wb_ack   = 1'b0;
		assign o_wb_data  = 32'd0;
		assign o_trace_valid = 1'b0;
		assign o_trace_data  = 64'd0;
		// verilator lint_off UNUSEDSIGNAL
		wire unused = &{1'b0, i_clk, i_reset, i_wb_cyc, i_wb_stb, i_wb_we, i_wb_addr, i_wb_data, i_wb_sel,
		                i_trace_ready, i_rt_firing, i_rt_pc, i_rt_insn, i_rt_trap};
		// verilator lint_on UNUSEDSIGNAL
	end
	endgenerate

endmodule

`default_nettype wire
