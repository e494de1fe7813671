// SPDX-License-Identifier: Apache-2.0
// Area and fmax measurement top for perfscope's retire tap (syn/fpga.py
// bench-retire and trace-area): perfscope with its trace unit and, by
// parameter, the tap, every port on a pin but the retire stream's address
// and instruction. With those 64 inputs perfscope has 213 ports, more than
// the iCE40 HX8K-CT256's 206 pins.
//
// The address and instruction come from a 64-bit shift register fed by
// i_rt_si, folded into o_rt_so in every build, with the tap and without it,
// so that yosys keeps the register in both and the difference between the
// two builds is the tap's logic alone.
`default_nettype none

module retire_area_top #(
	parameter NUM_SECTIONS = 7,
	parameter TRACE_DEPTH  = 512,
	parameter RETIRE       = 0,
	parameter HIST_BUCKETS = 0,
	parameter TRIGGERS     = 0
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
	output wire [31:0] o_wb_data,
	output wire        o_trace_valid,
	output wire [63:0] o_trace_data,
	input  wire        i_trace_ready,
	input  wire        i_rt_firing,
	input  wire        i_rt_trap,
	input  wire        i_rt_si,      // the address and instruction, a bit a cycle
	output reg         o_rt_so       // their parity, which keeps the register
);

	reg [63:0] r_rt;

	always @(posedge i_clk) begin
		r_rt    <= {r_rt[62:0], i_rt_si};
		o_rt_so <= ^r_rt;
	end

	perfscope #(
		.NUM_SECTIONS (NUM_SECTIONS),
		.TRACE_DEPTH  (TRACE_DEPTH),
		.RETIRE       (RETIRE),
		.HIST_BUCKETS (HIST_BUCKETS),
		.TRIGGERS     (TRIGGERS)
	) u_ip (
		.i_clk         (i_clk),
		.i_reset       (i_reset),
		.i_wb_cyc      (i_wb_cyc),
		.i_wb_stb      (i_wb_stb),
		.i_wb_we       (i_wb_we),
		.i_wb_addr     (i_wb_addr),
		.i_wb_data     (i_wb_data),
		.i_wb_sel      (i_wb_sel),
		.o_wb_stall    (o_wb_stall),
		.o_wb_ack      (o_wb_ack),
		.o_wb_data     (o_wb_data),
		.o_trace_valid (o_trace_valid),
		.o_trace_data  (o_trace_data),
		.i_trace_ready (i_trace_ready),
		.i_rt_firing   (i_rt_firing),
		.i_rt_pc       (r_rt[63:32]),
		.i_rt_insn     (r_rt[31:0]),
		.i_rt_trap     (i_rt_trap)
	);

endmodule

`default_nettype wire
