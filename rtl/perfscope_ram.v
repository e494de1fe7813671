// SPDX-License-Identifier: Apache-2.0
// perfscope_ram: the counter store and the trace FIFO, one write port and
// one registered read port, written so that yosys maps it to block RAM (six
// SB_RAM40_4K on iCE40 for 8 x 96 bits) instead of flip-flops. The read port
// has an enable (the block RAM's RCLKE): its users read only in the cycles
// that need the word, so a simulator does not copy it in every other. With
// OREG the word passes a second register, the ECP5 block RAM's output
// register: its data then leaves a flip-flop, not the RAM array, which is
// slow to its output.
`default_nettype none

module perfscope_ram #(
	parameter AW = 3,   // address bits: the section
	parameter DW = 96,  // data bits: {occurrences, time or offset}
	parameter OREG = 0  // 1: a second read register, a two-cycle read
) (
	input  wire          i_clk,
	input  wire          i_we,
	input  wire [AW-1:0] i_waddr,
	input  wire [DW-1:0] i_wdata,
	input  wire          i_re,      // read at this edge; else o_rdata holds
	input  wire [AW-1:0] i_raddr,
	output wire [DW-1:0] o_rdata
`ifdef FORMAL
	// The proofs tie one word of the store to a shadow of the datasheet's
	// semantics; yosys has no hierarchical references to reach it.
	,
	input  wire [AW-1:0] f_addr,
	output wire [DW-1:0] f_data
`endif
);

	// A zero or negative width stops elaboration (see perfscope.v) instead
	// of becoming a silent [-1:0].
	generate
	if (AW < 1) begin : g_bad_aw
		perfscope_ram_error_AW_must_be_at_least_1 u_error ();
	end
	if (DW < 1) begin : g_bad_dw
		perfscope_ram_error_DW_must_be_at_least_1 u_error ();
	end
	if (OREG != 0 && OREG != 1) begin : g_bad_oreg
		perfscope_ram_error_OREG_must_be_0_or_1 u_error ();
	end
	endgenerate

	// perfscope never uses what a read returns in the cycle the same word
	// is written, so yosys need not add bypass logic for that case.
	(* no_rw_check *)
	reg [DW-1:0] mem [0:(1<<AW)-1];

	reg  [DW-1:0] r_q;
	always @(posedge i_clk) begin
		if (i_we)
			mem[i_waddr] <= i_wdata;
		if (i_re)
			r_q <= mem[i_raddr];
	end

	generate
	if (OREG != 0) begin : g_oreg
		reg [DW-1:0] r_q2;
		always @(posedge i_clk)
			if (i_re)
				r_q2 <= r_q;
		assign o_rdata = r_q2;
	end else begin : g_no_oreg
		assign o_rdata = r_q;
	end
	endgenerate

`ifdef FORMAL
	assign f_data = mem[f_addr];
`endif

endmodule
`default_nettype wire
