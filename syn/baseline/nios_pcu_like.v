// SPDX-License-Identifier: Apache-2.0
// BASELINE FOR MEASUREMENT ONLY, not part of the IP: the Nios II Performance
// Counter Unit's architecture, written plainly, so that `make bench-fpga`
// can set perfscope against the Nios II PCU on the same fabric and the same
// tools. Every section has its own 64-bit time counter and 32-bit
// occurrence counter in flip-flops, and reads go through one wide
// multiplexer, which is what the Nios II unit spends its 1,345 Cyclone II
// logic cells on at seven sections.
//
// Same parameter, ports, register map and write commands as perfscope
// (docs/datasheet.md): START, STOP, RESET, BEGIN n, END n; section n counts
// while it and the global counter run. It has none of perfscope's extras
// (no TIME_HI latch, no ID/CONFIG/RUN registers: they read 0). A read
// returns the counter as it was in the cycle the request was accepted, one
// cycle later; o_wb_stall covers the ack cycle so that a classic master
// holding STB is accepted once.
`default_nettype none

module nios_pcu_like #(
	parameter NUM_SECTIONS = 7   // measured code sections, 1..7
) (
	input  wire        i_clk,
	input  wire        i_reset,      // synchronous, active high
	input  wire        i_wb_cyc,
	input  wire        i_wb_stb,
	input  wire        i_wb_we,
	input  wire [5:0]  i_wb_addr,
	input  wire [31:0] i_wb_data,
	input  wire [3:0]  i_wb_sel,
	output wire        o_wb_stall,
	output reg         o_wb_ack,
	output reg  [31:0] o_wb_data
);

	`include "perfscope_regs.vh"

	localparam [7:0] PRESENT = 8'hff >> (7 - NUM_SECTIONS);  // bit n: section n exists

	reg [NUM_SECTIONS:0] r_run;  // R[n], bit 0 = global

	wire       accept   = i_wb_cyc && i_wb_stb && !o_wb_stall;
	// The address split of perfscope_regs.vh, as perfscope decodes it.
	wire [2:0] a_sec    = i_wb_addr[PERF_SEC_REG_BITS +: 3];
	wire [PERF_SEC_REG_BITS-1:0] a_reg = i_wb_addr[PERF_SEC_REG_BITS-1:0];
	wire       a_valid  = !i_wb_addr[PERF_ADDR_BITS-1] && PRESENT[a_sec];
	wire       a_global = (a_sec == 3'd0);

	wire wr        = accept && i_wb_we && a_valid;
	wire cmd_reset = wr && a_global && (a_reg == PERF_SEC_TIME_LO) && i_wb_sel[0] && i_wb_data[0];
	wire cmd_stop  = wr && a_global && (a_reg == PERF_SEC_TIME_LO) && !cmd_reset;
	wire cmd_start = wr && a_global && (a_reg == PERF_SEC_TIME_HI);
	wire cmd_end   = wr && !a_global && (a_reg == PERF_SEC_TIME_LO);
	wire cmd_begin = wr && !a_global && (a_reg == PERF_SEC_TIME_HI);
	wire rd        = accept && !i_wb_we && a_valid;

	assign o_wb_stall = o_wb_ack;

	// Per section: its run flag, a 64-bit incrementer, a 32-bit counter,
	// and its share of the read multiplexer (zero unless addressed).
	wire [31:0] sec_rdata [0:NUM_SECTIONS];
	genvar n;
	generate
	for (n = 0; n <= NUM_SECTIONS; n = n + 1) begin : g_section
		localparam [2:0] N = n;
		reg  [63:0] r_time;
		reg  [31:0] r_occ;
		wire        hit = (a_sec == N);

		always @(posedge i_clk) begin
			if (i_reset || cmd_reset)
				r_run[n] <= 1'b0;
			else if (N == 3'd0 ? cmd_start : (cmd_begin && hit))
				r_run[n] <= 1'b1;
			else if (N == 3'd0 ? cmd_stop : (cmd_end && hit))
				r_run[n] <= 1'b0;
		end

		always @(posedge i_clk) begin
			if (i_reset || cmd_reset) begin
				r_time <= 64'd0;
				r_occ  <= 32'd0;
			end else begin
				if (r_run[0] && r_run[n])
					r_time <= r_time + 64'd1;
				if (N == 3'd0 ? cmd_start : (cmd_begin && hit && r_run[0]))
					r_occ <= r_occ + 32'd1;
			end
		end

		assign sec_rdata[n] = !hit                        ? 32'd0
		                    : (a_reg == PERF_SEC_TIME_LO) ? r_time[31:0]
		                    : (a_reg == PERF_SEC_TIME_HI) ? r_time[63:32]
		                    : (a_reg == PERF_SEC_OCC)     ? r_occ : 32'd0;
	end
	endgenerate

	reg [31:0] rdata;
	integer k;
	always @(*) begin
		rdata = 32'd0;
		for (k = 0; k <= NUM_SECTIONS; k = k + 1)
			rdata = rdata | sec_rdata[k];
	end

	always @(posedge i_clk) begin
		if (i_reset)
			o_wb_ack <= 1'b0;
		else
			o_wb_ack <= accept;
	end

	always @(posedge i_clk) begin
		if (accept)
			o_wb_data <= rd ? rdata : 32'd0;
	end

	// Unused: byte lanes matter only for the RESET bit, data bits 31:1.
	wire unused = &{1'b0, i_wb_sel[3:1], i_wb_data[31:1]};

endmodule

`default_nettype wire
