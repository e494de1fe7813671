// SPDX-License-Identifier: Apache-2.0
// A user's top: perfscope on a Wishbone port of its own (tests/fusesoc/user/user.core).
`default_nettype none

module user_top #(
	parameter SECTIONS = 3
) (
	input  wire        i_clk,
	input  wire        i_reset,
	input  wire        i_wb_cyc,
	input  wire        i_wb_stb,
	input  wire        i_wb_we,
	input  wire [5:0]  i_wb_addr,
	input  wire [31:0] i_wb_data,
	input  wire [3:0]  i_wb_sel,
	output wire        o_wb_stall,
	output wire        o_wb_ack,
	output wire [31:0] o_wb_data
);

	perfscope #(.NUM_SECTIONS(SECTIONS)) u_perf (
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
		// The trace unit's stream (docs/trace.md): not built, TRACE_DEPTH
		// being 0, so nothing to consume.
		/* verilator lint_off PINCONNECTEMPTY */
		.o_trace_valid (),
		.o_trace_data  (),
		/* verilator lint_on PINCONNECTEMPTY */
		.i_trace_ready (1'b0),
		// The retire tap (docs/retire.md): not built, RETIRE being 0.
		.i_rt_firing   (1'b0),
		.i_rt_pc       (32'd0),
		.i_rt_insn     (32'd0),
		.i_rt_trap     (1'b0)
	);

endmodule

`default_nettype wire
