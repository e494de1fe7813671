// SPDX-License-Identifier: Apache-2.0
// Area and fmax measurement top for make bench-fpga: the IP (or the
// baseline) with every port behind a flip-flop, reached through two pins,
// for packages that have fewer pins than the IP has ports (81): the
// UP5K-SG48 has 39.
//
// Inputs come from a shift register fed by i_si; outputs are captured and
// folded into o_so, so no IP logic is constant or unobserved and yosys keeps
// all of it. Every path into and out of the IP starts or ends at a
// flip-flop, as it would in a SoC. The wrapper itself costs about 95 logic
// cells; bench-fpga reports the IP's cells from builds without it.
//
// The macro AREA_IP names the module measured: perfscope unless defined
// (syn/fpga.py defines nios_pcu_like for the baseline, which has the same
// parameter and ports); Verilog-2005 has no other way to choose a module.
`default_nettype none

`ifndef AREA_IP
`define AREA_IP perfscope
// perfscope's trace stream, unused: TRACE_DEPTH stays 0, its default.
`define AREA_TRACE_PORTS , .o_trace_valid(), .o_trace_data(), .i_trace_ready(1'b0), \
	.i_rt_firing(1'b0), .i_rt_pc(32'd0), .i_rt_insn(32'd0), .i_rt_trap(1'b0)
`else
`define AREA_TRACE_PORTS
`endif

module ip_area_top #(
	parameter NUM_SECTIONS = 7   // measured code sections, 1..7
) (
	input  wire i_clk,
	input  wire i_si,
	output reg  o_so
);

	// {reset, cyc, stb, we, addr, data, sel}
	reg  [45:0] r_in;
	reg  [33:0] r_out;
	wire        stall, ack;
	wire [31:0] rdata;

	always @(posedge i_clk) begin
		r_in  <= {r_in[44:0], i_si};
		r_out <= {stall, ack, rdata};
		o_so  <= ^r_out;
	end

	`AREA_IP #(.NUM_SECTIONS(NUM_SECTIONS)) u_ip (
		.i_clk      (i_clk),
		.i_reset    (r_in[45]),
		.i_wb_cyc   (r_in[44]),
		.i_wb_stb   (r_in[43]),
		.i_wb_we    (r_in[42]),
		.i_wb_addr  (r_in[41:36]),
		.i_wb_data  (r_in[35:4]),
		.i_wb_sel   (r_in[3:0]),
		.o_wb_stall (stall),
		.o_wb_ack   (ack),
		.o_wb_data  (rdata)
		/* verilator lint_off PINCONNECTEMPTY */
		`AREA_TRACE_PORTS
		/* verilator lint_on PINCONNECTEMPTY */
	);

endmodule

`undef AREA_IP
`undef AREA_TRACE_PORTS

`default_nettype wire
