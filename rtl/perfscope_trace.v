// SPDX-License-Identifier: Apache-2.0
// perfscope_trace: the trace unit (docs/trace.md). perfscope.v decodes the
// bus and hands over each event in the cycle its write is accepted; this
// module stamps it, keeps the call depth, and puts its records into a FIFO
// in block RAM that drains through the stream port or the polled POP
// registers.
//
// Timing, as docs/trace.md ("Timing") states it for a model to follow: an
// event accepted in cycle A writes its SYNC, if it needs one, at the edge
// that ends A, and its own record at the edge that ends A + 1 (perfscope
// accepts no request in A + 1, so the two never meet the next event's). A
// pending LOSS is written at the edge of the first cycle that accepts no
// request and writes no event record, once the FIFO has room for it and the
// SYNC and event that follow (or at once with OVERWRITE); while it is
// pending every event is dropped. So one write port suffices, and the
// records after a loss need no second one.
//
// The FIFO's head leaves the RAM's registered read port: a record becomes
// visible on the port (and to POP_LO) in the second cycle after its write,
// and the read address is the head of the next cycle.
`default_nettype none

module perfscope_trace #(
	parameter DEPTH = 512   // records the FIFO holds: a power of two, 16..4096
) (
	input  wire        i_clk,
	input  wire        i_reset,       // synchronous, active high
	// From perfscope, in the cycle of the bus request's acceptance
	input  wire [60:0] i_gtime,       // G in this cycle, the bits a record holds
	input  wire        i_grun,        // G ticks at this cycle's edge
	input  wire        i_gset,        // RESET: G jumps at this edge
	input  wire        i_accept,      // perfscope accepts a request
	input  wire        i_ev,          // ... which is an event
	input  wire [2:0]  i_ev_type,     // ... of this record type (ENTER..IRQ_EXIT)
	input  wire [31:0] i_ev_data,     // ... with this word 0
	input  wire        i_ctrl_we,     // ... a write of TRACE_CTRL, byte lane 0
	input  wire [2:0]  i_ctrl_data,   // ... with these bits (CLEAR, OVERWRITE, ENABLE)
	input  wire        i_pop,         // the step of a POP_LO read: take the head
	// Register values
	output wire [1:0]  o_ctrl,        // {OVERWRITE, ENABLE}
	output wire [31:0] o_status,      // {high-water mark, level}
	output wire [31:0] o_drops,
	output wire [31:0] o_pop_lo,      // in the cycle of i_pop: the head's word 0, or 0
	output wire [31:0] o_pop_hi,      // word 1 latched by the last pop
	// The stream port
	output wire        o_trace_valid,
	output wire [63:0] o_trace_data,
	input  wire        i_trace_ready
);

	`include "perfscope_trace.vh"

	// A DEPTH that is not a power of two from 16 to 4096 stops elaboration
	// (the module named exists nowhere; see perfscope.v).
	generate
	if (DEPTH < 16 || DEPTH > 4096 || (DEPTH & (DEPTH - 1)) != 0) begin : g_bad_depth
		perfscope_trace_error_DEPTH_must_be_a_power_of_two_16_to_4096 u_error ();
	end
	// The records' layout must be the one this RTL builds (frames.toml).
	if (PERF_TRACE_TYPE_LSB != 29 || PERF_TRACE_DEPTH_WIDTH != 8 || PERF_TRACE_DELTA_WIDTH != 21
	    || PERF_TRACE_TIME_HI_WIDTH != 29 || PERF_TRACE_SYNC_PERIOD != 256) begin : g_bad_layout
		perfscope_trace_error_record_layout_not_buildable_see_perfscope_trace_vh u_error ();
	end
	endgenerate

	localparam integer AW = $clog2(DEPTH);           // pointer bits
	localparam [AW:0]  FULL = DEPTH[AW:0];          // the level of a full FIFO
	localparam [AW:0]  ROOM_LOSS = DEPTH[AW:0] - 3; // highest level with room for LOSS, SYNC, event

	// ------------------------------------------------------------------
	// State
	// ------------------------------------------------------------------
	reg          r_en, r_ovw;     // TRACE_CTRL
	reg  [AW:0]  r_level;         // records in the FIFO
	reg  [AW:0]  r_high;          // the most since CLEAR
	reg  [AW-1:0] r_rd, r_wr;     // head and tail
	reg          r_wrote;         // a record was written at the last edge
	reg  [31:0]  r_drops;
	reg  [7:0]   r_depth;         // call depth
	reg  [7:0]   r_since;         // event records since the last SYNC
	reg          r_force_sync;    // the next event record needs a SYNC
	reg  [21:0]  r_dcnt;          // G ticks since the last record's time; bit 21 sticky: too far
	reg          r_loss;          // a LOSS is pending in r_rec
	reg          r_rec_pend;      // an event record is pending in r_rec
	reg  [63:0]  r_rec;           // the pending event record or LOSS
	reg  [31:0]  r_pop_hi;

	// ------------------------------------------------------------------
	// Events
	// ------------------------------------------------------------------
	wire        ev        = i_ev && r_en;
	wire        ev_enter  = (i_ev_type == PERF_TRACE_T_ENTER);
	wire        ev_exit   = (i_ev_type == PERF_TRACE_T_EXIT);
	wire [7:0]  depth_dec = r_depth - {7'd0, r_depth != 8'd0};
	wire [7:0]  ev_depth  = ev_exit ? depth_dec : r_depth;
	wire        need_sync = r_force_sync || r_dcnt[21] || (&r_since);
	// Room for the SYNC and the record, counting the level before this edge.
	wire        room      = r_ovw || (need_sync ? (r_level <= FULL - 2) : (r_level != FULL));
	wire        ev_rec    = ev && room && !r_loss;
	wire        ev_drop   = ev && !ev_rec;

	// The write port: a SYNC at the edge of the acceptance, the event record
	// at the next, a LOSS in a free cycle.
	wire        wr_sync   = ev_rec && need_sync;
	wire        wr_loss   = r_loss && !r_rec_pend && !i_accept && (r_ovw || (r_level <= ROOM_LOSS));
	wire        wr        = wr_sync || r_rec_pend || wr_loss;
	wire [63:0] sync_rec  = {PERF_TRACE_T_SYNC, i_gtime};
	wire [63:0] wdata     = wr_sync ? sync_rec : r_rec;

	// The head: visible from the second cycle after its write.
	wire        avail     = (r_level > 1) || ((r_level == 1) && !r_wrote);
	assign o_trace_valid  = avail && !i_pop;
	wire        take      = (o_trace_valid && i_trace_ready) || (i_pop && avail);
	wire        ovr       = wr && (r_level == FULL) && !take;  // OVERWRITE: the oldest goes
	wire [AW:0] level_nx  = r_level + {{AW{1'b0}}, wr} - {{AW{1'b0}}, take} - {{AW{1'b0}}, ovr};
	wire [AW-1:0] rd_nx   = r_rd + {{(AW-1){1'b0}}, take || ovr};
	wire        clear     = i_ctrl_we && i_ctrl_data[2];

	wire [63:0] ram_q;
`ifdef FORMAL
	(* anyconst *) reg [AW-1:0] f_addr;
	wire [63:0] f_mem;
`endif
	perfscope_ram #(
		.AW(AW),
		.DW(64)
	) u_fifo (
		.i_clk   (i_clk),
		.i_we    (wr),
		.i_waddr (r_wr),
		.i_wdata (wdata),
		.i_raddr (rd_nx),
		.o_rdata (ram_q)
`ifdef FORMAL
		,
		.f_addr  (f_addr),
		.f_data  (f_mem)
`endif
	);

	assign o_trace_data = ram_q;
	assign o_ctrl       = {r_ovw, r_en};
	assign o_status     = {{(16-AW-1){1'b0}}, r_high, {(16-AW-1){1'b0}}, r_level};
	assign o_drops      = r_drops;
	assign o_pop_lo     = avail ? ram_q[31:0] : 32'd0;
	assign o_pop_hi     = r_pop_hi;

	// ------------------------------------------------------------------
	// Next state
	// ------------------------------------------------------------------
	always @(posedge i_clk) begin
		if (i_reset) begin
			r_en  <= 1'b0;
			r_ovw <= 1'b0;
		end else if (i_ctrl_we) begin
			r_en  <= i_ctrl_data[0];
			r_ovw <= i_ctrl_data[1];
		end
	end

	always @(posedge i_clk) begin
		if (i_reset || clear) begin
			r_level <= {(AW+1){1'b0}};
			r_high  <= {(AW+1){1'b0}};
			r_rd    <= {AW{1'b0}};
			r_wr    <= {AW{1'b0}};
			r_wrote <= 1'b0;
		end else begin
			r_level <= level_nx;
			if (level_nx > r_high)
				r_high <= level_nx;
			r_rd    <= rd_nx;
			r_wr    <= r_wr + {{(AW-1){1'b0}}, wr};
			r_wrote <= wr;
		end
	end

	always @(posedge i_clk) begin
		if (i_reset || clear)
			r_drops <= 32'd0;
		else if ((ev_drop || ovr) && !(&r_drops))
			r_drops <= r_drops + 32'd1;
	end

	// The depth moves with every event while ENABLE, recorded or dropped.
	always @(posedge i_clk) begin
		if (i_reset || clear)
			r_depth <= 8'd0;
		else if (ev && ev_enter)
			r_depth <= r_depth + 8'd1;
		else if (ev && ev_exit)
			r_depth <= depth_dec;
	end

	always @(posedge i_clk) begin
		if (i_reset || clear || i_gset || wr_loss || (i_ctrl_we && i_ctrl_data[0] && !r_en))
			r_force_sync <= 1'b1;
		else if (ev_rec)
			r_force_sync <= 1'b0;
	end

	always @(posedge i_clk) begin
		if (i_reset)
			r_since <= 8'd0;
		else if (ev_rec)
			r_since <= need_sync ? 8'd1 : r_since + 8'd1;
	end

	always @(posedge i_clk) begin
		// From a reset or RESET, G's reset value counts as the last time.
		if (i_reset || i_gset)
			r_dcnt <= 22'd0;
		else if (ev_rec)
			r_dcnt <= {21'd0, i_grun};
		else if (!r_dcnt[21])
			r_dcnt <= r_dcnt + {21'd0, i_grun};
	end

	// r_rec holds the event record for one cycle, or the LOSS while pending.
	always @(posedge i_clk) begin
		if (i_reset || clear) begin
			r_rec_pend <= 1'b0;
			r_loss     <= 1'b0;
		end else begin
			r_rec_pend <= ev_rec;
			if (ev_drop)
				r_loss <= 1'b1;
			else if (wr_loss)
				r_loss <= 1'b0;
		end
	end

	always @(posedge i_clk) begin
		if (ev_rec)
			r_rec <= {i_ev_type, ev_depth, need_sync ? 21'd0 : r_dcnt[20:0], i_ev_data};
		else if (ev_drop && !r_loss)
			r_rec <= {PERF_TRACE_T_LOSS, 8'd0, r_dcnt[21] ? 21'h1fffff : r_dcnt[20:0], 32'd1};
		else if (ev_drop && !(&r_rec[31:0]))
			r_rec[31:0] <= r_rec[31:0] + 32'd1;
	end

	always @(posedge i_clk) begin
		if (i_reset)
			r_pop_hi <= 32'd0;
		else if (i_pop)
			r_pop_hi <= avail ? ram_q[63:32] : 32'hffff_ffff;
	end

`ifdef FORMAL
	// ------------------------------------------------------------------
	// Formal properties (formal/Makefile runs them inside perfscope).
	// ------------------------------------------------------------------
	reg f_past_valid;
	initial f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

	// ---- FIFO invariants ---------------------------------------------
	always @(*)
		if (f_past_valid) begin
			assert(r_level <= FULL);
			assert(r_high >= r_level);
			assert(r_high <= FULL);
			assert(r_wr == r_rd + r_level[AW-1:0]);
			if (r_level == 0)
				assert(!r_wrote || i_reset);
			// Never two writes for one port: a SYNC comes only with an
			// acceptance, the event record only in the cycle after one.
			assert(!(r_rec_pend && i_accept));
			assert(!(r_rec_pend && r_loss));
			// Stop on full never writes into a full FIFO (only OVERWRITE
			// overwrites), and the pending record always has its room.
			if (r_rec_pend && !r_ovw)
				assert(r_level != FULL);
			if (r_loss)
				assert(r_rec[63:61] == PERF_TRACE_T_LOSS && r_rec[31:0] != 32'd0);
		end

	// The environment perfscope gives: no request is accepted in the cycle
	// after an acceptance, and events and TRACE_CTRL writes are accepted
	// requests; a pop comes only in a cycle that accepts none.
	always @(posedge i_clk)
		if (f_past_valid && !$past(i_reset) && $past(i_accept))
			assert(!i_accept);
	always @(*) begin
		if (i_ev || i_ctrl_we)
			assert(i_accept);
		assert(!(i_ev && i_ctrl_we));
		if (i_pop)
			assert(!i_accept);
		// A pop finds the head visible whenever the FIFO holds a record.
		if (f_past_valid && i_pop)
			assert(avail == (r_level != 0));
	end

	// ---- No record lost or duplicated without a drop count ---------------
	// One slot of the FIFO, which the solver picks, is followed from the
	// write that fills it: while its record is in the FIFO the RAM holds it
	// unchanged, and it leaves exactly once, taken on the port or by a pop
	// with its value, or overwritten with DROPS counting it.
	reg         f_held;      // the slot holds a record in the FIFO
	reg  [63:0] f_rec;       // ... this one
	wire [AW-1:0] f_off = f_addr - r_rd;  // its place behind the head
	wire        f_in    = ({1'b0, f_off} < r_level);
	wire        f_at_head = (f_addr == r_rd);
	always @(posedge i_clk) begin
		if (i_reset || clear)
			f_held <= 1'b0;
		else if (wr && (r_wr == f_addr)) begin
			f_held <= 1'b1;
			f_rec  <= wdata;
		end else if (f_at_head && (take || ovr))
			f_held <= 1'b0;
	end

	always @(*)
		if (f_past_valid && !i_reset) begin
			assert(f_held == f_in);
			if (f_held) begin
				assert(f_mem == f_rec);
				// The head's value on the port and to a pop is this slot's.
				if (f_at_head && avail)
					assert(ram_q == f_rec);
			end
		end

	// A record leaves the FIFO only through a take or, counted, an
	// overwrite: shadows of the level and of DROPS, counted from the
	// events that move them, equal the RTL's.
	reg  [AW:0] f_level;
	reg  [31:0] f_drops;
	always @(posedge i_clk) begin
		if (i_reset || clear) begin
			f_level <= {(AW+1){1'b0}};
			f_drops <= 32'd0;
		end else begin
			f_level <= f_level + {{AW{1'b0}}, wr} - {{AW{1'b0}}, take} - {{AW{1'b0}}, ovr};
			// One drop per cycle at most: an event is dropped only in a
			// cycle that writes nothing.
			if ((ovr || ev_drop) && (f_drops != 32'hffff_ffff))
				f_drops <= f_drops + 32'd1;
		end
	end
	always @(*)
		if (f_past_valid && !i_reset) begin
			assert(r_level == f_level);
			assert(r_drops == f_drops);
			assert(!(ovr && ev_drop));
			if (ev_drop)
				assert(!wr);
			if (!r_ovw)
				assert(!ovr);
		end

	// ---- Time stamps ---------------------------------------------------
	// The reconstructed time of the records in write order: a SYNC sets
	// it, an event or LOSS adds its delta. Every event record's time is G
	// in its acceptance, and the times never decrease while G has not been
	// set back by RESET or wrapped (bits 60:0).
	reg  [60:0] f_t;          // the reconstructed time of the last record written
	reg  [60:0] f_ev_t;       // G[60:0] at the acceptance of the pending record
	reg         f_t_valid;    // a SYNC has been written since reset or CLEAR
	reg         f_jump;       // G was set back since
	wire [60:0] f_wt = (wdata[63:61] == PERF_TRACE_T_SYNC) ? wdata[60:0]
	                 : f_t + {40'd0, wdata[52:32]};
	always @(posedge i_clk) begin
		if (i_reset || clear) begin
			f_t_valid <= 1'b0;
			f_jump    <= 1'b0;
		end else begin
			if (i_gset || (i_grun && (&i_gtime[60:0])))
				f_jump <= 1'b1;
			if (wr && (wdata[63:61] == PERF_TRACE_T_SYNC))
				f_t_valid <= 1'b1;
		end
		if (wr)
			f_t <= f_wt;
		if (ev_rec)
			f_ev_t <= i_gtime[60:0];
	end

	wire [61:0] f_loss_t = {1'b0, f_t} + {41'd0, r_rec[52:32]};
	always @(*)
		if (f_past_valid && !i_reset) begin
			// After reset or CLEAR the first record is a SYNC.
			if (!f_t_valid)
				assert(r_force_sync && !r_rec_pend);
			if (f_t_valid && !f_jump) begin
				// The delta counter: G less the time of the last record made.
				if (!r_force_sync && !r_dcnt[21] && !r_rec_pend)
					assert(f_t + {40'd0, r_dcnt[20:0]} == i_gtime[60:0]);
				if (r_rec_pend && !r_dcnt[21])
					assert(f_ev_t + {40'd0, r_dcnt[20:0]} == i_gtime[60:0]);
				assert(f_t <= i_gtime[60:0]);
				if (r_rec_pend) begin
					assert(f_ev_t <= i_gtime[60:0]);
					assert(f_wt == f_ev_t);       // the event's exact time
				end
				if (r_loss)
					assert(f_loss_t <= {1'b0, i_gtime[60:0]});
				// Monotonic: no record's time is below the one before it.
				if (wr)
					assert({1'b0, f_wt} >= {1'b0, f_t}
					       && (wdata[63:61] == PERF_TRACE_T_SYNC
					           || {1'b0, f_t} + {41'd0, wdata[52:32]} == {1'b0, f_wt}));
			end
		end

	// ---- Reachability ----------------------------------------------------
	always @(*)
		if (f_past_valid) begin
			// Within the 30 cycles of the quick covers (the RAM clear
			// takes 9, an event 2): a FIFO of three, a take from it. A full
			// FIFO, a LOSS and an overwrite take longer (rtl/tb covers them).
			cover(r_level == 3);
			cover(o_trace_valid && i_trace_ready && (r_level == 2));
		end
`endif

endmodule
`default_nettype wire
