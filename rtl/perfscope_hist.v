// SPDX-License-Identifier: Apache-2.0
// perfscope_hist: the hardware flat profile (docs/retire.md). A histogram
// in block RAM charges clock cycles to the bucket of the last retired PC,
// from the CPU's retire stream (soc/vexriscv_retire.py), for gmon.out's
// histogram. sim/hist_model.h is the same histogram in C++, cycle for
// cycle; rtl/tb/hist_tb.cpp compares the two, and formal/hist.sby proves
// the properties at the end of this file.
//
// The RAM holds BUCKETS words: words 0 .. BUCKETS-2 are the PC buckets and
// word BUCKETS-1 (OUT below) is OUTSIDE, so OUTSIDE takes the same path
// as a bucket and is read like one.
//
// Registers (the register map decodes the bus and hands over one-cycle
// strobes, with the data on i_wdata):
//   CTRL     write: bit 0 ENABLE, bit 1 CLEAR
//   BASE     bits 31:2 (1:0 read 0)                 reset 0
//   CFG      SHIFT bits 2:0, K bits 10:8             reset 0
//   INDEX    bits NB-1:0 (NB = log2 BUCKETS)        reset 0
//   DATA     read only: word INDEX (bucket, or OUTSIDE at OUT); a read
//            advances INDEX
//   STATUS   read only: RUN, BUSY, SAT, DATA_VALID
//
// What is counted. Let P(c) be the PC of the last instruction retired in a
// cycle c' <= c (its own cycle included) since reset or since the last
// accepted BASE write, whichever is later. Cycle c goes to bucket
// b = (P(c) - BASE) >> (SHIFT + 2) when b < OUT (unsigned, modulo 2^32:
// a PC below BASE is far out of range), so a bucket is 4 << SHIFT bytes
// (4 to 512); it goes to OUTSIDE when b >= OUT or when there is no P(c).
//   - A CTRL write with ENABLE = 1 and CLEAR = 0 in cycle S, accepted
//     (RUN = 0, BUSY = 0), sets RUN at the edge that ends S; a CTRL write
//     with ENABLE = 0 in cycle T, while RUN = 1, clears RUN at the edge
//     that ends T. The counted cycles are those in which RUN reads 1:
//     S+1 .. T, that is T - S cycles, each charged exactly once: after the
//     stop the BUCKETS words have grown by T - S in all (K = 0, no
//     saturation).
//   - Sampled mode, K = 1..7: of the counted cycles S+1, S+2, ... only
//     S+1, S+1+2^K, S+1+2*2^K, ... are charged, one count each: the run
//     adds ceil((T - S) / 2^K). K = 0 charges every counted cycle.
//   - Counts are COUNT_BITS wide and saturate at all ones; SAT is set when
//     a charge was lost to saturation (since the last CLEAR).
//   - The last PC is tracked whether or not RUN is set, so the first
//     counted cycle already goes to the code that is running.
//   - The counts add up across runs until a CLEAR.
//
// Pipeline and timing. Cycle c's charge reaches the run-length stage in
// cycle c+2. Consecutive charges to one word add up in a register (up to
// 2^RUN_BITS - 1) and go to the RAM (one registered read port, one write
// port) when a charge to another word comes, when the register is full,
// or at the stop. BUSY is 1 in cycles T+1 .. T+4 after a stop; from T+5
// every word and SAT are final. There is no read-during-write hazard: the
// read port reads the word that accumulates in the next cycle, so its
// stored count is on the port when it is written back; a write-back on a
// change of word (A B A on consecutive cycles) writes the word left, not
// the one read; and a full run's write-back leaves the port one cycle
// behind by exactly the run, which the next write-back adds (r_fwd; the
// properties below prove all three).
//
// DATA. While RUN = 0 and BUSY = 0 the read port reads word INDEX:
// o_data_valid (STATUS.DATA_VALID) says o_data is word INDEX's count. It
// is 0 while RUN or BUSY, and for one cycle after INDEX changes (a write,
// a DATA read's step, the end of a CLEAR). perfscope accepts no bus
// request in the cycle after one, so its DATA reads always find it 1.
//
// Misuse, all defined:
//   - ENABLE = 1 while RUN = 1, and any CTRL write while BUSY = 1: ignored
//     (ENABLE right after CLEAR is lost: poll BUSY first).
//   - CLEAR = 1 while RUN = 1: ignored (ENABLE = 0 in the same write still
//     stops). CLEAR = 1 with ENABLE = 1 when idle: the clear alone.
//   - BASE and CFG writes while RUN = 1 or BUSY = 1: ignored (they read
//     back unchanged). An accepted BASE write forgets the last PC: cycles
//     go to OUTSIDE until the next instruction retires.
//   - INDEX writes during a CLEAR: ignored; at any other time taken (bits
//     above NB dropped).
//   - A DATA read while o_data_valid is 0: o_data is not word INDEX (the
//     register map returns 0 then) and INDEX does not advance.
//   - Reset starts a CLEAR (BUSY for BUCKETS cycles): the RAM has no reset.
// A CLEAR zeroes every word and SAT, one word per cycle for BUCKETS cycles
// (BUSY), and leaves INDEX at 0.
`default_nettype none

module perfscope_hist #(
	parameter BUCKETS    = 1024,  // words of block RAM: BUCKETS-1 PC buckets and OUTSIDE; a power of two, 2..4096
	parameter COUNT_BITS = 32     // bits of each count, 2..32 (below 32 only to test saturation)
) (
	input  wire                  i_clk,
	input  wire                  i_reset,      // synchronous, active high; starts a CLEAR
	// From the CPU's write-back stage (soc/vexriscv_retire.py)
	input  wire                  i_rt_firing,  // an instruction retires in this cycle ...
	input  wire [31:0]           i_rt_pc,      // ... at this address
	// Register writes and reads, one cycle each, from the register map
	input  wire [31:0]           i_wdata,      // the data of a write
	input  wire                  i_ctrl_we,    // a CTRL write: ENABLE i_wdata[0], CLEAR i_wdata[1]
	input  wire                  i_base_we,    // a BASE write
	input  wire                  i_cfg_we,     // a CFG write: SHIFT i_wdata[2:0], K i_wdata[10:8]
	input  wire                  i_index_we,   // an INDEX write
	input  wire                  i_data_rd,    // a DATA read: o_data is its value; INDEX advances
	// Register values
	output wire [31:0]           o_base,       // BASE, bits 1:0 zero
	output wire [2:0]            o_shift,      // CFG.SHIFT
	output wire [2:0]            o_k,          // CFG.K
	output wire                  o_run,        // STATUS.RUN
	output wire                  o_busy,       // STATUS.BUSY: a CLEAR or a stop's write-back
	output wire                  o_sat,        // STATUS.SAT: a charge lost to saturation since CLEAR
	output wire [$clog2(BUCKETS)-1:0] o_index, // INDEX
	output wire [COUNT_BITS-1:0] o_data,       // DATA: word INDEX's count when o_data_valid
	output wire                  o_data_valid  // STATUS.DATA_VALID
);

	// Word index bits; at least 1, so that a BUCKETS of 1 reaches the
	// check below instead of a zero-width replication.
	localparam integer NB = (BUCKETS < 2) ? 1 : $clog2(BUCKETS);
	localparam integer CW = COUNT_BITS;
	localparam [NB-1:0] OUT = {NB{1'b1}};      // OUTSIDE's word
	// The run-length register: 4 bits, or fewer for counts narrower; a run
	// goes back to the RAM at RUN_FULL charges.
	localparam integer RUN_BITS = (CW < 4) ? CW : 4;
	localparam [RUN_BITS-1:0] RUN_FULL = {RUN_BITS{1'b1}};

	// Parameters out of range stop elaboration: the module instantiated
	// exists nowhere (see perfscope.v).
	generate
	if (BUCKETS < 2 || BUCKETS > 4096 || (BUCKETS & (BUCKETS - 1)) != 0) begin : g_bad_buckets
		perfscope_hist_error_BUCKETS_must_be_a_power_of_two_2_to_4096 u_error ();
	end
	if (COUNT_BITS < 2 || COUNT_BITS > 32) begin : g_bad_count_bits
		perfscope_hist_error_COUNT_BITS_must_be_2_to_32 u_error ();
	end
	endgenerate

	// ------------------------------------------------------------------
	// Registers
	// ------------------------------------------------------------------
	// BASE is kept inverted: stage A's subtraction is then an addition of
	// two registers, which the iCE40's carry chain takes with no inverter
	// in front of it. The inverter on the way in shares the logic cell
	// its flip-flop needs anyway, the one on the way out goes into the
	// register map's read mux: about 20 logic cells fewer on the iCE40
	// (on the ECP5, whose flip-flops need no LUT, about 30 LUTs more).
	reg  [31:2]    r_nbase;      // ~BASE
	reg  [2:0]     r_shift;
	reg  [2:0]     r_k;
	reg            r_run;        // RUN: this cycle is counted
	reg  [3:0]     r_drain;      // one-hot: cycle T+1 .. T+4 after a stop
	reg            r_clr;        // a CLEAR sweeps r_index over the RAM
	reg  [NB-1:0]  r_index;
	reg            r_fresh;      // INDEX did not change at the last edge
	reg  [6:0]     r_phase;      // counted cycles since the start, modulo 2^7
	reg            r_sat;

	wire busy     = r_clr || (r_drain != 4'd0);
	wire idle     = !r_run && !busy;
	wire start    = i_ctrl_we && idle && i_wdata[0] && !i_wdata[1];
	wire clear    = i_ctrl_we && idle && i_wdata[1];
	wire stop     = i_ctrl_we && r_run && !i_wdata[0];
	wire dvalid   = idle && r_fresh;
	wire rd_step  = i_data_rd && dvalid;
	// Stage C runs (and owns the read port) from the start to the
	// write-back at T+3.
	wire counting = r_run || r_drain[0] || r_drain[1] || r_drain[2];

	always @(posedge i_clk) begin
		if (i_reset) begin
			r_nbase <= {30{1'b1}};
			r_shift <= 3'd0;
			r_k     <= 3'd0;
		end else if (idle) begin
			if (i_base_we)
				r_nbase <= ~i_wdata[31:2];
			if (i_cfg_we) begin
				r_shift <= i_wdata[2:0];
				r_k     <= i_wdata[10:8];
			end
		end
	end

	always @(posedge i_clk) begin
		if (i_reset) begin
			r_run   <= 1'b0;
			r_drain <= 4'd0;
		end else begin
			r_run   <= start || (r_run && !stop);
			r_drain <= {r_drain[2:0], stop};
		end
	end

	// ------------------------------------------------------------------
	// Stage A (cycle c): the last PC's offset, and whether c is charged
	// ------------------------------------------------------------------
	// r_off is all ones while there is no P(c) (after reset or a BASE
	// write): its bits from NB + 7 up are then 1, so the word is OUTSIDE
	// for every SHIFT, as for a PC far out of range. A flag "P(c) exists"
	// would cost a flip-flop and a term in the range test.
	reg  [31:2] r_off;   // (P(c) - BASE) >> 2, in cycle c+1
	reg         r_v1;    // cycle c is charged, in cycle c+1
	// The sample mask: K low bits of the phase.
	wire [6:0]  kmask = ~(7'h7f << r_k);
	wire        hit   = r_run && ((r_phase & kmask) == 7'd0);

	// PC bits 1:0 never change a bucket: BASE's are 0 and a bucket is 4
	// bytes or more. (Verilator ignores signals named unused*.)
	wire unused_pc = &{1'b0, i_rt_pc[1:0]};

	always @(posedge i_clk) begin
		// PC - BASE = PC + ~BASE + 1. A BASE write wins over a retire in
		// the same cycle: the PC forgotten is the last one.
		if (i_reset || (i_base_we && idle))
			r_off <= {30{1'b1}};
		else if (i_rt_firing)
			r_off <= i_rt_pc[31:2] + r_nbase + 30'd1;
		if (i_reset || start)
			r_phase <= 7'd0;
		else if (r_run)
			r_phase <= r_phase + 7'd1;
		if (i_reset)
			r_v1 <= 1'b0;
		else
			r_v1 <= hit;
	end

	// ------------------------------------------------------------------
	// Stage B (cycle c+1): the word. r_lb keeps the word of the last
	// charge, so it is also the word accumulating in the next cycle: the
	// RAM reads it.
	// ------------------------------------------------------------------
	reg  [NB-1:0] r_lb;   // the word of the last charge, in cycle c+2
	reg           r_bv;   // cycle c is charged (to r_lb), in cycle c+2

	// The word of an offset: its bits SHIFT .. SHIFT+NB-1 when all its bits
	// from NB+SHIFT up are 0 (those from NB+7 up, and bit NB+t for t >=
	// SHIFT), else OUT. No test against OUT itself: a bucket index of OUT
	// in range is OUT anyway. The shift goes by 4, then 2, then 1, each
	// step keeping only the bits still needed, in fewer LUTs than yosys's
	// shifter of all 30 bits. A function, called under r_v1 only: a
	// simulation by Verilator computes the word in charged cycles only,
	// not in every cycle as it would a wire's.
	function [NB-1:0] word_of;
		input [31:2] off;
		input [2:0]  shift;
		reg   [NB+2:0] sh4;
		reg   [NB:0]   sh2;
		reg   [NB-1:0] sh1;
		begin
			sh4 = shift[2] ? off[NB+8:6] : off[NB+4:2];
			sh2 = shift[1] ? sh4[NB+2:2] : sh4[NB:0];
			sh1 = shift[0] ? sh2[NB:1] : sh2[NB-1:0];
			word_of = ((off[31:NB+9] == {(23-NB){1'b0}})
			           && ((off[NB+8:NB+2] & (7'h7f << shift)) == 7'd0)) ? sh1 : OUT;
		end
	endfunction

	always @(posedge i_clk) begin
		if (r_v1)
			r_lb <= word_of(r_off, r_shift);
		if (i_reset)
			r_bv <= 1'b0;
		else
			r_bv <= r_v1;
	end

	// ------------------------------------------------------------------
	// Stage C (cycle c+2): run-length accumulation and write-back. r_cnt
	// charges to word r_waddr (r_lb a cycle ago) are not yet in the RAM;
	// the RAM's read port holds that word's stored count (it read r_lb a
	// cycle ago), less the run written back at the last edge when r_fwd.
	// ------------------------------------------------------------------
	reg  [NB-1:0]       r_waddr;    // the word accumulating; in a CLEAR, INDEX
	reg  [RUN_BITS-1:0] r_cnt;      // charges to it not yet written back
	reg                 r_pend;     // r_cnt != 0
	reg                 r_fwd;      // a full run went back at the last edge
	wire [CW-1:0]       rdata;      // the RAM's read port

	// r_lb and r_waddr are registers, so the word of each charge is
	// compared with the last one here rather than in stage B: there the
	// word's LUTs would feed both r_lb and the compare, and r_lb's
	// flip-flops could not share their logic cells.
	wire same    = (r_lb == r_waddr);                 // this charge's word is the run's
	wire fin     = r_drain[2];                        // the stop's write-back, T+3
	wire full    = (r_cnt == RUN_FULL);
	wire flush   = (r_bv && (!same || full)) || fin;  // write back the run ...
	wire wb      = flush && r_pend;                   // ... if it holds any
	// What a write-back adds to the port's count: the run. A full run goes
	// back without the charge that comes with it (that charge starts the
	// next run), so that nothing from the compare above enters the carry
	// chain. The port read that word at the edge that wrote it, so in the
	// next cycle (r_fwd) it lags by the run written, RUN_FULL; a write-back
	// then adds that too, with r_cnt = 1: 2^RUN_BITS. In a CLEAR the high
	// bits are 1: the sum is not used then, and the iCE40 zeroes the word
	// in the adder's own LUTs (a 4-input LUT of the read port, CLEAR, the
	// carry and the saturation) rather than in a LUT more per bit (the
	// ECP5's adder cells cannot: about 25 LUTs more there).
	wire [CW:0]   addend = {{(CW+1-RUN_BITS){r_clr}}, r_cnt[RUN_BITS-1:1], r_cnt[0] && !r_fwd}
	                     | ({{CW{1'b0}}, r_fwd} << RUN_BITS);
	wire [CW:0]   sum    = {1'b0, rdata} + addend;
	// Saturated, or 0 in a CLEAR.
	wire [CW-1:0] wdata  = r_clr ? {CW{1'b0}} : (sum[CW] ? {CW{1'b1}} : sum[CW-1:0]);
	wire          we     = r_clr || wb;
	// The CLEAR's sweep counts in r_waddr itself, in step with r_index (the
	// adder takes r_clr's mux into its LUTs: it adds all ones, that is
	// nothing, out of a CLEAR).
	wire [NB-1:0] waddr_inc = r_waddr + {NB{!r_clr}} + {{(NB-1){1'b0}}, 1'b1};

	always @(posedge i_clk) begin
		if (i_reset || clear)
			r_waddr <= {NB{1'b0}};
		else if (r_clr)
			r_waddr <= waddr_inc;
		else
			r_waddr <= r_lb;
		if (i_reset || fin) begin
			r_cnt  <= {RUN_BITS{1'b0}};
			r_pend <= 1'b0;
			r_fwd  <= 1'b0;
		end else if (flush) begin
			// This cycle's charge (r_bv) starts the next run; on the same
			// word (the run was full), the port lags next cycle.
			r_cnt  <= {{(RUN_BITS-1){1'b0}}, 1'b1};
			r_pend <= 1'b1;
			r_fwd  <= same;
		end else begin
			if (r_bv) begin
				r_cnt  <= r_cnt + {{(RUN_BITS-1){1'b0}}, 1'b1};
				r_pend <= 1'b1;
			end
			r_fwd <= 1'b0;
		end
		if (r_clr)
			r_sat <= 1'b0;
		else if (wb && sum[CW])
			r_sat <= 1'b1;
	end

	// ------------------------------------------------------------------
	// CLEAR and INDEX
	// ------------------------------------------------------------------
	// An INDEX write goes through the incrementer's LUTs: the adder adds
	// all ones then (r_index unchanged), and the LUT that sums picks
	// i_wdata instead. Its carry out ends a CLEAR's sweep (r_index all
	// ones).
	wire          index_ld  = i_index_we && !r_clr;
	wire [NB:0]   index_x   = {1'b0, r_index} + {1'b0, {NB{index_ld}}} + {{NB{1'b0}}, 1'b1};
	wire [NB-1:0] index_inc = index_x[NB-1:0];

	always @(posedge i_clk) begin
		if (i_reset) begin
			r_clr   <= 1'b1;
			r_index <= {NB{1'b0}};
			r_fresh <= 1'b0;
		end else begin
			if (clear)
				r_clr <= 1'b1;
			else if (r_clr && index_x[NB])
				r_clr <= 1'b0;
			if (clear)
				r_index <= {NB{1'b0}};
			else if (r_clr || i_index_we || rd_step)
				r_index <= index_ld ? i_wdata[NB-1:0] : index_inc;
			r_fresh <= !(clear || r_clr || rd_step || i_index_we);
		end
	end

	// ------------------------------------------------------------------
	// The RAM: while counting, the read port reads the word accumulating
	// in the next cycle; otherwise word INDEX.
	// ------------------------------------------------------------------
	wire [NB-1:0] raddr = counting ? r_lb : r_index;

	// The design never uses what the read port gives for a word written
	// in the same cycle (above), so yosys need not add bypass logic.
	(* no_rw_check *)
	reg [CW-1:0] mem [0:BUCKETS-1];
	reg [CW-1:0] r_rdata;
	always @(posedge i_clk) begin
		if (we)
			mem[r_waddr] <= wdata;
		r_rdata <= mem[raddr];
	end
	assign rdata = r_rdata;

	assign o_base       = {~r_nbase, 2'b00};
	assign o_shift      = r_shift;
	assign o_k          = r_k;
	assign o_run        = r_run;
	assign o_busy       = busy;
	assign o_sat        = r_sat;
	assign o_index      = r_index;
	assign o_data       = rdata;
	assign o_data_valid = dvalid;

`ifdef FORMAL
	// ------------------------------------------------------------------
	// Formal properties (formal/hist.sby: BUCKETS = 4, COUNT_BITS = 2).
	// The invariants say what each register means; the main one: the
	// words (buckets and OUTSIDE), the run pending and the charges in
	// flight add up to the charges since the last CLEAR, unless a count
	// saturated.
	// ------------------------------------------------------------------
	reg f_past_valid;
	initial f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
		if (!f_past_valid)
			assume(i_reset);

	// Charges and counted cycles since the last CLEAR (saturating), and
	// whether K was 0 in every counted cycle since.
	reg [15:0] f_charges, f_cycles;
	reg        f_k0;
	always @(posedge i_clk) begin
		if (i_reset || clear || r_clr) begin
			f_charges <= 16'd0;
			f_cycles  <= 16'd0;
			f_k0      <= 1'b1;
		end else begin
			if (hit && (f_charges != 16'hffff))
				f_charges <= f_charges + 16'd1;
			if (r_run && (f_cycles != 16'hffff))
				f_cycles <= f_cycles + 16'd1;
			if (r_run && (r_k != 3'd0))
				f_k0 <= 1'b0;
		end
	end

	// Counted cycles since the start: a charge exactly in cycles S+1,
	// S+1+2^K, S+1+2*2^K, ...
	reg [15:0] f_runlen;
	always @(posedge i_clk)
		if (i_reset || start)
			f_runlen <= 16'd0;
		else if (r_run)
			f_runlen <= f_runlen + 16'd1;
	always @(*)
		if (f_past_valid && !i_reset) begin
			assert(r_phase == f_runlen[6:0]);
			assert(hit == (r_run && ((f_runlen & ((16'd1 << r_k) - 16'd1)) == 16'd0)));
		end

	// The RAM's words, summed.
	reg [15:0] f_sum;
	integer f_i;
	always @(*) begin
		f_sum = 16'd0;
		for (f_i = 0; f_i < BUCKETS; f_i = f_i + 1)
			f_sum = f_sum + {{(16-CW){1'b0}}, mem[f_i]};
	end
	wire [15:0] f_total = f_sum + {{(16-RUN_BITS){1'b0}}, r_cnt} + {15'd0, r_v1} + {15'd0, r_bv};

	// Whether the RAM's read port was written in the cycle it read, and
	// what it read; r_lb a cycle ago (the accumulating word).
	reg          f_collided;
	reg [NB-1:0] f_raddr, f_cur_b;
	always @(posedge i_clk) begin
		f_collided <= we && (r_waddr == raddr);
		f_raddr    <= raddr;
		f_cur_b    <= r_lb;
	end
	// After a full run's write-back, the word's count as the port has it
	// plus the run, saturated.
	wire [CW:0]   f_lag  = {1'b0, rdata} + {{(CW+1-RUN_BITS){1'b0}}, RUN_FULL};
	wire [CW-1:0] f_fwd  = f_lag[CW] ? {CW{1'b1}} : f_lag[CW-1:0];

	always @(*)
		if (f_past_valid && !i_reset) begin
			// Control state
			assert(r_drain == 4'd0 || r_drain == 4'd1 || r_drain == 4'd2
			       || r_drain == 4'd4 || r_drain == 4'd8);
			if (r_run)
				assert(r_drain == 4'd0 && !r_clr);
			if (r_clr)
				assert(r_drain == 4'd0);
			if (r_v1)
				assert(r_run || r_drain[0]);
			if (r_bv)
				assert(r_run || r_drain[0] || r_drain[1]);
			if (!counting)
				assert(r_cnt == {RUN_BITS{1'b0}} && !r_v1 && !r_bv);
			if (r_k == 3'd0)
				assert(hit == r_run);
			assert(r_pend == (r_cnt != {RUN_BITS{1'b0}}));
			// r_waddr is the accumulating word whenever a charge is
			// pending or arrives, and INDEX in a CLEAR.
			if (r_pend || r_bv)
				assert(r_waddr == f_cur_b);
			if (r_clr)
				assert(r_waddr == r_index);
			// The read port holds the accumulating word's stored count
			// whenever that count will be written back; after a full
			// run's write-back (r_fwd, its charge pending), the count
			// less that run.
			if (r_pend)
				assert(f_raddr == f_cur_b);
			if (r_pend && !r_fwd)
				assert(!f_collided && rdata == mem[f_cur_b]);
			if (r_fwd)
				assert(r_cnt == {{(RUN_BITS-1){1'b0}}, 1'b1} && f_collided && mem[f_cur_b] == f_fwd);
			// Every charge once: the words + the run pending + the charges
			// in flight = the charges since CLEAR; with K = 0 throughout,
			// the counted cycles. Fewer only if a count saturated.
			if (!r_clr) begin
				if (!r_sat)
					assert(f_total == f_charges);
				else
					assert(f_total <= f_charges);
				if (f_k0)
					assert(f_charges == f_cycles);
			end
			assert(f_charges <= f_cycles);
			// A CLEAR has zeroed the words below INDEX, and SAT.
			if (r_clr) begin
				assert(f_charges == 16'd0);
				if (r_index != {NB{1'b0}})
					assert(!r_sat);
				for (f_i = 0; f_i < BUCKETS; f_i = f_i + 1)
					if (f_i < r_index)
						assert(mem[f_i] == {CW{1'b0}});
			end
			// DATA is word INDEX's count whenever it says so.
			if (o_data_valid)
				assert(o_data == mem[r_index]);
			// A write-back never lowers a count: it saturates, never wraps.
			if (we && !r_clr)
				assert(wdata >= mem[r_waddr]);
		end

	// Reachable: a saturated word, a full run written back, a write-back
	// right after it (the port one run behind), A B A on consecutive
	// cycles (the read-during-write pattern), a sampled run, OUTSIDE
	// counted.
	reg          f_aba_arm;
	reg [NB-1:0] f_left;
	always @(posedge i_clk) begin
		f_aba_arm <= r_bv && !same && r_pend;
		f_left    <= f_cur_b;
	end
	always @(*)
		if (f_past_valid && !i_reset) begin
			cover(r_sat && o_data_valid && (o_data == {CW{1'b1}}));
			cover(wb && same);
			cover(wb && r_fwd);
			cover(f_aba_arm && r_bv && !same && r_pend && (r_lb == f_left));
			cover(idle && !f_k0 && (f_charges > 16'd1) && (f_charges < f_cycles));
			cover(o_data_valid && (r_index == OUT) && (o_data != {CW{1'b0}}));
		end
`endif

endmodule

`default_nettype wire
