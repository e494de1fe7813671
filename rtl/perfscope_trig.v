// SPDX-License-Identifier: Apache-2.0
// perfscope_trig: address-triggered sections (docs/retire.md). Sections
// 1..TRIGGERS each take a start and an end address; when the instruction
// at one retires (the CPU's retire stream, soc/vexriscv_retire.py), the
// section BEGINs or ENDs as if that write had been accepted two cycles
// later. The latency is the same for every hit, so a section's time is the
// number of G's ticks between the two retires, exactly.
//
// The two cycles are what make the hit a request like any other without a
// second RAM port: in the cycle after the hit (pend) perfscope holds the bus,
// so that no request is accepted then, and in the next (go) the hit takes
// the acceptance slot, reading the section's RAM word; any request accepted
// in the cycle of the hit itself has finished its step by then. The go's
// step, in R+3, holds the bus as any request's step does, also for an END
// of a stopped section, so that the trace unit never meets a bus event in
// the cycle after a go's.
//
// Hits not acted on are counted in TRIG_LOST (saturating), never dropped
// silently: the hits of a second armed address on the same instruction
// (the lowest section acts, and within a section END before BEGIN), a hit
// in the cycle after another (its pend cycle), and a hit whose pend cycle
// falls in perfscope's RAM clear after a reset or RESET (its go could meet
// the clear's writes; no request is accepted in the pend cycle, so a clear
// can only end there, never begin).
//
// Registers (perfscope.v decodes the bus and hands over write strobes):
//   TRIG_SEL    bits 2:0, the section TRIG_START and TRIG_END show
//   TRIG_START  bits 31:1 the start address, bit 0 ARM (both addresses)
//   TRIG_END    bits 31:1 the end address
//   TRIG_LOST   the hits not acted on; a write zeroes it
`default_nettype none

module perfscope_trig #(
	parameter TRIGGERS = 7  // sections 1..TRIGGERS take trigger addresses, 1..7
) (
	input  wire        i_clk,
	input  wire        i_reset,      // synchronous, active high
	// From the CPU's write-back stage
	input  wire        i_rt_firing,  // an instruction retires in this cycle ...
	input  wire [31:0] i_rt_pc,      // ... at this address
	// Register writes, data on i_wdata
	input  wire [31:0] i_wdata,
	input  wire        i_sel_we,     // TRIG_SEL, byte lane 0
	input  wire        i_start_we,   // TRIG_START
	input  wire        i_end_we,     // TRIG_END
	input  wire        i_lost_we,    // TRIG_LOST
	input  wire        i_ram_busy,   // perfscope clears its RAM in this cycle
	// To perfscope's request decode
	output wire        o_stall,      // hold the bus: a hit is pending or goes
	output reg         o_go,         // a BEGIN or END in this cycle ...
	output reg  [2:0]  o_sec,        // ... of this section ...
	output reg         o_begin,      // ... BEGIN if set, else END
	// Register reads
	output wire [31:0] o_sel,
	output wire [31:0] o_start,
	output wire [31:0] o_end,
	output wire [31:0] o_lost
);

	generate
	if (TRIGGERS < 1 || TRIGGERS > 7) begin : g_bad_triggers
		perfscope_trig_error_TRIGGERS_must_be_1_to_7 u_error ();
	end
	endgenerate

	reg  [2:0]  r_sel;
	reg  [31:1] r_start [1:TRIGGERS];
	reg  [31:1] r_end   [1:TRIGGERS];
	reg  [TRIGGERS:1] r_arm;
	reg  [15:0] r_lost;
	reg         r_pend;        // a hit in the last cycle ...
	reg  [2:0]  r_pend_sec;    // ... of this section ...
	reg         r_pend_begin;  // ... to BEGIN it (else END)

	// The selected section, if it has trigger addresses: bit n of HAS is set
	// for sections 1..TRIGGERS.
	localparam [7:0] HAS = (8'hff >> (7 - TRIGGERS)) & 8'hfe;
	wire        sel_ok = HAS[r_sel];

	// ------------------------------------------------------------------
	// Hits: the highest-priority match of this retire, and whether there
	// were more
	// ------------------------------------------------------------------
	reg         hit, more;
	reg  [2:0]  hit_sec;
	reg         hit_begin;
	integer     n;
	// The loop's variable is assigned on every path (no latch); with nothing
	// armed the block stays at its idle values, which a simulator then
	// skips in every cycle, and synthesis builds the same logic.
	always @(*) begin
		hit = 1'b0; more = 1'b0; hit_sec = 3'd0; hit_begin = 1'b0;
		n = 0;
		if (|r_arm) begin
			for (n = TRIGGERS; n >= 1; n = n - 1) begin
				if (i_rt_firing && r_arm[n] && (i_rt_pc[31:1] == r_start[n])) begin
					more      = more || hit;
					hit       = 1'b1;
					hit_sec   = n[2:0];
					hit_begin = 1'b1;
				end
				if (i_rt_firing && r_arm[n] && (i_rt_pc[31:1] == r_end[n])) begin
					more      = more || hit;
					hit       = 1'b1;
					hit_sec   = n[2:0];
					hit_begin = 1'b0;
				end
			end
		end
	end

	// A hit in a pend cycle is lost, and so is a pend in a RAM clear.
	wire take     = hit && !r_pend;
	wire go_lost  = r_pend && i_ram_busy;
	wire lost     = (hit && (more || r_pend)) || go_lost;

	assign o_stall = r_pend || o_go;
	assign o_sel   = {29'd0, r_sel};
	assign o_start = sel_ok ? {r_start[r_sel], r_arm[r_sel]} : 32'd0;
	assign o_end   = sel_ok ? {r_end[r_sel], 1'b0} : 32'd0;
	assign o_lost  = {16'd0, r_lost};

	// ------------------------------------------------------------------
	// Next state
	// ------------------------------------------------------------------
	always @(posedge i_clk) begin
		if (i_reset)
			r_sel <= 3'd0;
		else if (i_sel_we)
			r_sel <= i_wdata[2:0];
	end

	always @(posedge i_clk) begin
		if (i_reset)
			r_arm <= {TRIGGERS{1'b0}};
		else if (i_start_we && sel_ok)
			r_arm[r_sel] <= i_wdata[0];
	end

	always @(posedge i_clk) begin
		if (i_start_we && sel_ok)
			r_start[r_sel] <= i_wdata[31:1];
		if (i_end_we && sel_ok)
			r_end[r_sel] <= i_wdata[31:1];
	end

	// Saturation is the incrementer's carry out.
	wire [16:0] lost_inc = {1'b0, r_lost} + 17'd1;
	always @(posedge i_clk) begin
		if (i_reset || i_lost_we)
			r_lost <= 16'd0;
		else if (lost && !lost_inc[16])
			r_lost <= lost_inc[15:0];
	end

	always @(posedge i_clk) begin
		if (i_reset) begin
			r_pend <= 1'b0;
			o_go   <= 1'b0;
		end else begin
			r_pend <= take;
			o_go   <= r_pend && !i_ram_busy;
		end
	end

	always @(posedge i_clk) begin
		if (take) begin
			r_pend_sec   <= hit_sec;
			r_pend_begin <= hit_begin;
		end
		if (r_pend) begin
			o_sec   <= r_pend_sec;
			o_begin <= r_pend_begin;
		end
	end

	// Unused: bit 0 of a PC (a retired instruction's address is even).
	wire unused = &{1'b0, i_rt_pc[0]};

endmodule

`default_nettype wire
