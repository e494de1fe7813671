// perfscope: a Wishbone performance counter with the Nios II Performance
// Counter Unit's register map and semantics (docs/datasheet.md).
//
// Area comes from not giving every section its own 64-bit incrementer. One
// global timebase G counts while the global counter runs. A stopped section
// stores its accumulated time A; a running section stores the offset A - G
// taken when it began, so its live time is G + offset and its time at END is
// G + offset again. Offsets and occurrence counts live in a 32-word RAM and
// go through one shared 32-bit adder, low word first, then high word, then
// occurrences: a request occupies the slave for at most three cycles.
//
// Bus: Wishbone B4 pipelined slave. o_wb_stall stays high from the cycle after
// a request is accepted through the cycle of its ack (and while the adder
// finishes a write), so a classic master that holds STB until ACK is accepted
// exactly once and no two requests overlap.
`default_nettype none

module perfscope #(
	parameter NUM_SECTIONS = 7   // measured code sections, 1..7
) (
	input  wire        i_clk,
	input  wire        i_reset,      // synchronous, active high
	// Wishbone B4 slave, word addressed inside a 256-byte window
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

	// Fields of a section in the counter RAM.
	localparam [1:0] F_LO  = 2'd0;   // time or offset, bits 31:0
	localparam [1:0] F_HI  = 2'd1;   // time or offset, bits 63:32
	localparam [1:0] F_OCC = 2'd2;   // occurrences

	// What a step does with the counter word it reads.
	localparam [1:0] M_KEEP = 2'd0;  // word + 0
	localparam [1:0] M_ADD  = 2'd1;  // offset + G: live or final time
	localparam [1:0] M_SUB  = 2'd2;  // time - G: offset at BEGIN

	localparam [3:0] SECTIONS = NUM_SECTIONS[3:0];
	localparam [7:0] PRESENT  = 8'hff >> (7 - NUM_SECTIONS);  // bit n: section n exists

	// ------------------------------------------------------------------
	// Registers
	// ------------------------------------------------------------------
	reg  [63:0] r_gtime;      // G, the global time T[0]
	reg  [31:0] r_ghi;        // G[63:32] one cycle ago, for the high step
	reg  [7:0]  r_run;        // run flags R[n], bit 0 = global; bits above
	                          // NUM_SECTIONS are never set

	reg         r_busy;       // a step sequence is in progress
	reg  [1:0]  r_field;      // field the current step works on
	reg  [1:0]  r_last;       // field of the last step
	reg  [2:0]  r_sec;        // section of the current request
	reg  [1:0]  r_mode;       // M_* for the time steps
	reg         r_occ_inc;    // the occurrence step adds one
	reg         r_write;      // steps write their result back
	reg         r_ack_lo;     // read: ack with the low-word result
	reg         r_ack_hi;     // read: ack with the high-word result
	reg         r_ack_occ;    // read: ack with the occurrence count
	reg         r_latch;      // read of TIME_LO: latch the high word
	reg         r_carry;      // carry from the low to the high step

	reg         r_clear;      // RAM clear sequence after a reset
	reg  [4:0]  r_clear_addr;

	reg         r_hi_valid;   // TIME_HI latch
	reg  [2:0]  r_hi_sec;
	reg  [31:0] r_hi_word;

	// ------------------------------------------------------------------
	// Request decode
	// ------------------------------------------------------------------
	wire        accept   = i_wb_cyc && i_wb_stb && !o_wb_stall;
	wire        in_secs  = !i_wb_addr[5];
	wire [2:0]  a_sec    = i_wb_addr[4:2];
	wire [1:0]  a_reg    = i_wb_addr[1:0];
	wire        a_valid  = in_secs && PRESENT[a_sec];
	wire        a_run    = r_run[a_sec];
	wire        a_global = (a_sec == 3'd0);

	wire wr         = accept && i_wb_we && a_valid;
	wire cmd_reset  = wr && a_global && (a_reg == PERF_SEC_TIME_LO) && i_wb_sel[0] && i_wb_data[0];
	wire cmd_stop   = wr && a_global && (a_reg == PERF_SEC_TIME_LO) && !cmd_reset;
	wire cmd_start  = wr && a_global && (a_reg == PERF_SEC_TIME_HI);
	wire cmd_end    = wr && !a_global && (a_reg == PERF_SEC_TIME_LO);
	wire cmd_begin  = wr && !a_global && (a_reg == PERF_SEC_TIME_HI);

	wire rd         = accept && !i_wb_we;
	wire hi_hit     = r_hi_valid && (r_hi_sec == a_sec);
	wire rd_lo      = rd && a_valid && (a_reg == PERF_SEC_TIME_LO);
	wire rd_hi      = rd && a_valid && (a_reg == PERF_SEC_TIME_HI) && !hi_hit;
	wire rd_latched = rd && a_valid && (a_reg == PERF_SEC_TIME_HI) && hi_hit;
	wire rd_occ     = rd && a_valid && (a_reg == PERF_SEC_OCC);
	// The global section's RAM offset is always 0, so G + 0 reads T[0].
	wire time_add   = a_run || a_global;

	// Which steps a request needs, from its first to its last field.
	wire seq_time   = rd_lo || rd_hi || (cmd_end && a_run) || (cmd_begin && !a_run);
	wire seq_occ    = rd_occ || cmd_start || cmd_begin;
	wire seq_start  = seq_time || seq_occ;
	wire [1:0] first_field = seq_time ? F_LO : F_OCC;
	wire [1:0] last_field  = (cmd_begin || cmd_start || rd_occ) ? F_OCC : F_HI;

	// Registers read without the adder.
	reg  [31:0] imm_data;
	always @(*) begin
		imm_data = 32'd0;
		if (rd_latched)
			imm_data = r_hi_word;
		else if (!in_secs) begin
			case (i_wb_addr)
			PERF_CTRL_ID:     imm_data = PERF_ID_VALUE;
			PERF_CTRL_CONFIG: imm_data = {8'd0, PERF_VERSION_MAJOR, PERF_VERSION_MINOR, 4'd0, SECTIONS};
			PERF_CTRL_RUN:    imm_data = {24'd0, r_run};
			default:          imm_data = 32'd0;
			endcase
		end
	end

	// ------------------------------------------------------------------
	// Datapath: counter RAM and the shared adder
	// ------------------------------------------------------------------
	wire [31:0] ram_q;
	wire        step_lo  = r_busy && (r_field == F_LO);
	wire        step_hi  = r_busy && (r_field == F_HI);
	wire        step_occ = r_busy && (r_field == F_OCC);

	// In the low step (the cycle after acceptance) G already holds the value
	// it has after the accepting edge, which is what every operation needs.
	wire [31:0] g_word   = step_lo ? r_gtime[31:0] : r_ghi;
	wire [31:0] b_time   = (r_mode == M_ADD) ? g_word
	                     : (r_mode == M_SUB) ? ~g_word : 32'd0;
	wire [31:0] b_word   = step_occ ? 32'd0 : b_time;
	wire        carry_in = step_lo ? (r_mode == M_SUB)
	                     : step_hi ? r_carry : r_occ_inc;
	wire [32:0] sum      = {1'b0, ram_q} + {1'b0, b_word} + {32'd0, carry_in};

	wire [1:0]  next_field = (accept && seq_start) ? first_field : (r_field + 2'd1);
	wire [2:0]  read_sec   = (accept && seq_start) ? a_sec : r_sec;

	perfscope_ram #(
		.AW(5),
		.DW(32)
	) u_ram (
		.i_clk   (i_clk),
		.i_we    (r_clear || (r_busy && r_write)),
		.i_waddr (r_clear ? r_clear_addr : {r_sec, r_field}),
		.i_wdata (r_clear ? 32'd0 : sum[31:0]),
		.i_raddr ({read_sec, next_field}),
		.o_rdata (ram_q)
	);

	assign o_wb_stall = r_busy || r_clear || o_wb_ack;

	// ------------------------------------------------------------------
	// Next state
	// ------------------------------------------------------------------
	always @(posedge i_clk)
		r_ghi <= r_gtime[63:32];

	always @(posedge i_clk) begin
		if (i_reset || cmd_reset)
			r_gtime <= 64'd0;
		else
			r_gtime <= r_gtime + {63'd0, r_run[0]};
	end

	always @(posedge i_clk) begin
		if (i_reset || cmd_reset)
			r_run <= 8'd0;
		else if (cmd_start)
			r_run[0] <= 1'b1;
		else if (cmd_stop)
			r_run[0] <= 1'b0;
		else if (cmd_begin)
			r_run[a_sec] <= 1'b1;
		else if (cmd_end)
			r_run[a_sec] <= 1'b0;
	end

	always @(posedge i_clk) begin
		if (i_reset || cmd_reset) begin
			r_clear      <= 1'b1;
			r_clear_addr <= 5'd0;
		end else if (r_clear) begin
			r_clear      <= (r_clear_addr != 5'd31);
			r_clear_addr <= r_clear_addr + 5'd1;
		end
	end

	// Step sequencer.
	always @(posedge i_clk) begin
		if (i_reset) begin
			r_busy <= 1'b0;
		end else if (accept) begin
			r_busy <= seq_start;
		end else if (r_busy) begin
			r_busy <= (r_field != r_last);
		end
	end

	always @(posedge i_clk) begin
		if (accept) begin
			r_sec     <= a_sec;
			r_last    <= last_field;
			r_write   <= wr;
			r_occ_inc <= cmd_start || (cmd_begin && r_run[0]);
			r_ack_lo  <= rd_lo;
			r_ack_hi  <= rd_hi;
			r_ack_occ <= rd_occ;
			r_latch   <= rd_lo;
			if (cmd_begin && !a_run)
				r_mode <= M_SUB;
			else if ((cmd_end && a_run) || ((rd_lo || rd_hi) && time_add))
				r_mode <= M_ADD;
			else
				r_mode <= M_KEEP;
		end
		if (accept || r_busy)
			r_field <= next_field;
		if (step_lo)
			r_carry <= sum[32];
	end

	// Bus response.
	always @(posedge i_clk) begin
		if (i_reset)
			o_wb_ack <= 1'b0;
		else
			o_wb_ack <= (accept && !seq_start) || (accept && i_wb_we)
			         || (step_lo && r_ack_lo) || (step_hi && r_ack_hi)
			         || (step_occ && r_ack_occ);
	end

	always @(posedge i_clk) begin
		if (accept)
			o_wb_data <= imm_data;
		else if ((step_lo && r_ack_lo) || (step_hi && r_ack_hi) || (step_occ && r_ack_occ))
			o_wb_data <= sum[31:0];
	end

	// TIME_HI latch: filled by a TIME_LO read, used up by the TIME_HI read.
	always @(posedge i_clk) begin
		if (i_reset || cmd_reset)
			r_hi_valid <= 1'b0;
		else if (rd_latched)
			r_hi_valid <= 1'b0;
		else if (step_hi && r_latch)
			r_hi_valid <= 1'b1;
	end

	always @(posedge i_clk) begin
		if (step_hi && r_latch) begin
			r_hi_sec  <= r_sec;
			r_hi_word <= sum[31:0];
		end
	end

	// Unused: byte lanes matter only for the RESET bit, data bits 31:1.
	wire unused = &{1'b0, i_wb_sel[3:1], i_wb_data[31:1]};

endmodule
`default_nettype wire
