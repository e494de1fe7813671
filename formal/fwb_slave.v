// SPDX-License-Identifier: Apache-2.0
// fwb_slave: Wishbone B4 pipelined slave properties in the style of ZipCPU's
// fwb_slave.v. Instantiated by a slave under `ifdef FORMAL; it counts the
// requests of the current bus cycle that have no acknowledge yet and asserts
// that the slave acknowledges only what was asked, once, and nothing while
// the bus is idle or just after a reset.
//
// ZipCPU's version also assumes a well-behaved master (STB only with CYC,
// requests held while stalled). perfscope needs none of that, so nothing
// here constrains the master: the proofs hold for any input sequence.
// Unlike ZipCPU's it keeps one counter, the outstanding requests, instead of
// requests and acks apart: a master may issue any number of requests in one
// bus cycle, and only the difference is bounded.
`default_nettype none

module fwb_slave #(
	parameter F_LGDEPTH      = 2,  // bits of the counter
	parameter F_MAX_REQUESTS = 1   // requests the slave may have outstanding
) (
	input  wire                 i_clk,
	input  wire                 i_reset,
	input  wire                 i_wb_cyc,
	input  wire                 i_wb_stb,
	input  wire                 i_wb_stall,
	input  wire                 i_wb_ack,
	output reg  [F_LGDEPTH-1:0] f_outstanding
);

	reg f_past_valid;
	initial f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

	// Dropping CYC ends the bus cycle: what is still outstanding is
	// abandoned, and no acknowledge may follow.
	always @(posedge i_clk) begin
		if (i_reset || !i_wb_cyc)
			f_outstanding <= 0;
		else
			f_outstanding <= f_outstanding + {{(F_LGDEPTH-1){1'b0}}, i_wb_stb && !i_wb_stall}
			                               - {{(F_LGDEPTH-1){1'b0}}, i_wb_ack};
	end

	always @(*)
		if (f_past_valid)
			assert(f_outstanding <= F_MAX_REQUESTS);

	// One acknowledge per request: never one with nothing outstanding.
	always @(*)
		if (f_past_valid && i_wb_ack)
			assert(f_outstanding != 0);

	// None in the cycle after a reset, none while the bus is idle.
	always @(posedge i_clk)
		if (f_past_valid && $past(i_reset))
			assert(!i_wb_ack);

	always @(posedge i_clk)
		if (f_past_valid && !$past(i_wb_cyc) && !i_wb_cyc)
			assert(!i_wb_ack);

endmodule
`default_nettype wire
