// perfscope: a Wishbone performance counter with the Nios II Performance
// Counter Unit's register map and semantics (docs/datasheet.md).
//
// Area comes from not giving every section its own 64-bit incrementer. One
// global timebase G counts while the global counter runs. A stopped section
// stores its accumulated time A; a running section stores the offset A - G
// taken when it began, so its live time is G + offset and its time at END is
// G + offset again. Offsets and occurrence counts live in an 8-word RAM and
// go through one shared 64-bit adder and one 32-bit incrementer.
//
// Every request takes one step: the RAM word of its section is read in the
// cycle of acceptance and updated (or read out) in the next. So a write is
// acknowledged, and the next request accepted, as soon as by any one-cycle
// slave.
//
// Bus: Wishbone B4 pipelined slave. o_wb_stall stays high from the cycle after
// a request is accepted through the cycle of its ack, so a classic master
// that holds STB until ACK is accepted exactly once and no two requests
// overlap.
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

	localparam [3:0] SECTIONS = NUM_SECTIONS[3:0];
	localparam [7:0] PRESENT  = 8'hff >> (7 - NUM_SECTIONS);  // bit n: section n exists

	// What the step does with the section's time word.
	localparam [1:0] M_KEEP = 2'd0;  // time + 0
	localparam [1:0] M_ADD  = 2'd1;  // offset + G: live or final time
	localparam [1:0] M_SUB  = 2'd2;  // time - G: offset at BEGIN

	// Which word a read returns.
	localparam [1:0] R_LO  = 2'd0;
	localparam [1:0] R_HI  = 2'd1;
	localparam [1:0] R_OCC = 2'd2;

	// ------------------------------------------------------------------
	// Registers
	// ------------------------------------------------------------------
	reg  [63:0] r_gtime;      // G, the global time T[0]
	reg  [7:0]  r_run;        // run flags R[n], bit 0 = global; bits above
	                          // NUM_SECTIONS are never set

	reg         r_step;       // the cycle after acceptance of a RAM request
	reg  [2:0]  r_sec;        // its section
	reg  [1:0]  r_mode;       // M_*
	reg         r_occ_inc;    // the step adds one occurrence
	reg         r_write;      // the step writes the RAM word back
	reg         r_read;       // the step answers a read ...
	reg  [1:0]  r_read_word;  // ... with this word (R_*)

	reg         r_clear;      // RAM clear sequence after a reset
	reg  [2:0]  r_clear_addr;

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
	wire rd_ram     = rd_lo || rd_hi || rd_occ;
	// The global section's RAM offset is always 0, so G + 0 reads T[0].
	wire time_add   = a_run || a_global;

	// Requests that touch the RAM word: all others are answered at once.
	wire need_step  = rd_ram || (cmd_end && a_run) || cmd_begin || cmd_start;

	// Registers read without the RAM.
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
	// Datapath: counter RAM, the time adder, the occurrence incrementer
	// ------------------------------------------------------------------
	wire [95:0] ram_q;
	wire [63:0] word_time = ram_q[63:0];
	wire [31:0] word_occ  = ram_q[95:64];

	// In the step (the cycle after acceptance) G already holds the value it
	// has after the accepting edge, which is what every operation needs:
	// X - G is computed as X + ~G + 1.
	wire [63:0] b_time    = (r_mode == M_ADD) ? r_gtime
	                      : (r_mode == M_SUB) ? ~r_gtime : 64'd0;
	wire [63:0] new_time  = word_time + b_time + {63'd0, r_mode == M_SUB};
	wire [31:0] new_occ   = word_occ + {31'd0, r_occ_inc};

	reg  [31:0] step_data;
	always @(*) begin
		case (r_read_word)
		R_LO:    step_data = new_time[31:0];
		R_HI:    step_data = new_time[63:32];
		default: step_data = word_occ;
		endcase
	end

	perfscope_ram #(
		.AW(3),
		.DW(96)
	) u_ram (
		.i_clk   (i_clk),
		.i_we    (r_clear || (r_step && r_write)),
		.i_waddr (r_clear ? r_clear_addr : r_sec),
		.i_wdata (r_clear ? 96'd0 : {new_occ, new_time}),
		.i_raddr (a_sec),
		.o_rdata (ram_q)
	);

	assign o_wb_stall = r_step || r_clear || o_wb_ack;

	// ------------------------------------------------------------------
	// Next state
	// ------------------------------------------------------------------
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
			r_clear_addr <= 3'd0;
		end else if (r_clear) begin
			r_clear      <= (r_clear_addr != 3'd7);
			r_clear_addr <= r_clear_addr + 3'd1;
		end
	end

	always @(posedge i_clk) begin
		if (i_reset)
			r_step <= 1'b0;
		else
			r_step <= accept && need_step;
	end

	always @(posedge i_clk) begin
		if (accept) begin
			r_sec       <= a_sec;
			r_write     <= wr;
			r_occ_inc   <= cmd_start || (cmd_begin && r_run[0]);
			r_read      <= rd_ram;
			r_read_word <= rd_occ ? R_OCC : (rd_hi ? R_HI : R_LO);
			if (cmd_begin && !a_run)
				r_mode <= M_SUB;
			else if ((cmd_end && a_run) || ((rd_lo || rd_hi) && time_add))
				r_mode <= M_ADD;
			else
				r_mode <= M_KEEP;
		end
	end

	// Bus response: writes and registers without RAM in the next cycle,
	// RAM reads one cycle later.
	always @(posedge i_clk) begin
		if (i_reset)
			o_wb_ack <= 1'b0;
		else
			o_wb_ack <= (accept && !rd_ram) || (r_step && r_read);
	end

	always @(posedge i_clk) begin
		if (accept)
			o_wb_data <= imm_data;
		else if (r_step && r_read)
			o_wb_data <= step_data;
	end

	// TIME_HI latch: filled by a TIME_LO read, used up by the TIME_HI read.
	always @(posedge i_clk) begin
		if (i_reset || cmd_reset)
			r_hi_valid <= 1'b0;
		else if (rd_latched)
			r_hi_valid <= 1'b0;
		else if (r_step && r_read && (r_read_word == R_LO))
			r_hi_valid <= 1'b1;
	end

	always @(posedge i_clk) begin
		if (r_step && r_read && (r_read_word == R_LO)) begin
			r_hi_sec  <= r_sec;
			r_hi_word <= new_time[63:32];
		end
	end

	// Unused: byte lanes matter only for the RESET bit, data bits 31:1.
	wire unused = &{1'b0, i_wb_sel[3:1], i_wb_data[31:1]};

endmodule
`default_nettype wire
