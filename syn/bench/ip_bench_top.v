// Measurement wrapper for make bench-fpga: the IP (or the baseline) with
// every port behind a flip-flop, reached through two pins, for packages that
// have fewer pins than the IP has ports (81): the UP5K-SG48 has 39.
//
// Inputs come from a shift register fed by i_si; outputs are captured and
// folded into o_so, so no IP logic is constant or unobserved and yosys keeps
// all of it. Every path into and out of the IP starts or ends at a
// flip-flop, as it would in a SoC. The wrapper itself costs about 95 logic
// cells; bench-fpga reports the IP's cells from builds without it.
`default_nettype none

module ip_bench_top #(
	parameter BASELINE     = 0,  // 0: perfscope, 1: syn/baseline/nios_pcu_like.v
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

	generate
	if (BASELINE != 0) begin : g_baseline
		nios_pcu_like #(.NUM_SECTIONS(NUM_SECTIONS)) u_ip (
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
		);
	end else begin : g_perfscope
		perfscope #(.NUM_SECTIONS(NUM_SECTIONS)) u_ip (
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
		);
	end
	endgenerate

endmodule

`default_nettype wire
