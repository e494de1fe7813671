// SPDX-License-Identifier: Apache-2.0
// On-chip RAM of the perfscope SoC: one memory, two Wishbone classic ports.
// Port A is read-only and serves the instruction bus, port B the data bus, so
// the CPU's two buses never wait for each other and need no arbiter.
//
// Every access is acked exactly one cycle after the request, with the word
// read at that edge (registered read), so latency never depends on traffic.
// Addresses at or above RAM_BYTES read 0 and ignore writes: the SoC routes
// the whole low half of the address space here, and this is its "unmapped"
// answer.
//
// The image is loaded at start-up by $readmemh (one 32-bit word per line),
// from the simulator plusarg +firmware=<file> if given, else from FIRMWARE.
//
// SPRAM = 1 builds the RAM of the iCE40 UP5K instead, whose 30 block RAMs
// hold 15 KiB, too little for the demo: 64 KiB in two SB_SPRAM256KA (16K x
// 16 bits each, side by side). Two differences, both forced by the SPRAM:
// - It has one port. A data access (port B) takes it first; an instruction
//   fetch (port A) in the same cycle is acked one cycle later than usual.
//   Port B cannot ask twice in a row (a classic master is acked first), so
//   port A waits at most one cycle. Cycle counts on the board can therefore
//   exceed the simulation's by the cycles lost to such collisions.
// - The bitstream cannot preload SPRAM, so there is no FIRMWARE: the board
//   top copies the image in from the SPI flash through soc_top's loader
//   port (port B, while the CPU is held in reset).
`default_nettype none

module soc_ram #(
	parameter RAM_BYTES = 65536,  // a multiple of 4 from 8; 65536 with SPRAM
	parameter FIRMWARE  = "",     // $readmemh image; none with SPRAM
	parameter SPRAM     = 0       // 1: two iCE40 SPRAMs, one port (see above)
) (
	input  wire        i_clk,
	input  wire        i_reset,
	// port A: instruction fetch
	input  wire        i_a_stb,      // cyc & stb of the master
	input  wire [29:0] i_a_addr,     // word address
	output reg         o_a_ack,
	output wire [31:0] o_a_data,
	// port B: data
	input  wire        i_b_stb,
	input  wire        i_b_we,
	input  wire [29:0] i_b_addr,
	input  wire [31:0] i_b_data,
	input  wire [3:0]  i_b_sel,
	output reg         o_b_ack,
	output wire [31:0] o_b_data
);

	// Parameters out of range stop elaboration (the modules below exist
	// nowhere): a RAM_BYTES that is not a whole number of words, or less
	// than two; an SPRAM build of another size or with an image.
	generate
	if (RAM_BYTES < 8 || (RAM_BYTES % 4) != 0) begin : g_bad_ram_bytes
		soc_ram_error_RAM_BYTES_must_be_a_multiple_of_4_from_8 u_error ();
	end
	if (SPRAM != 0 && (RAM_BYTES != 65536 || FIRMWARE != "")) begin : g_bad_spram
		soc_ram_error_SPRAM_needs_RAM_BYTES_65536_and_no_FIRMWARE u_error ();
	end
	endgenerate

	localparam integer WORDS = RAM_BYTES / 4;
	localparam integer AW    = $clog2(WORDS);

	// A classic master holds STB through the ack cycle; a request is new only
	// when it is not being acked, so nothing is written twice. With one port,
	// a fetch waits for a data access in the same cycle.
	wire a_req = i_a_stb & ~o_a_ack;
	wire b_req = i_b_stb & ~o_b_ack;
	wire a_go  = (SPRAM != 0) ? a_req & ~b_req : a_req;

	always @(posedge i_clk) begin
		if (i_reset) begin
			o_a_ack <= 1'b0;
			o_b_ack <= 1'b0;
		end else begin
			o_a_ack <= a_go;
			o_b_ack <= b_req;
		end
	end

	generate
	if (SPRAM != 0) begin : g_spram
		wire [29:0] addr = b_req ? i_b_addr : i_a_addr;
		wire        hit  = addr < WORDS[29:0];
		wire        we   = b_req & i_b_we & hit;

		// MASKWREN enables 4-bit nibbles: two per byte lane.
		wire [15:0] q_lo, q_hi;
		SB_SPRAM256KA u_lo (
			.ADDRESS    (addr[13:0]),
			.DATAIN     (i_b_data[15:0]),
			.MASKWREN   ({i_b_sel[1], i_b_sel[1], i_b_sel[0], i_b_sel[0]}),
			.WREN       (we),
			.CHIPSELECT (1'b1),
			.CLOCK      (i_clk),
			.STANDBY    (1'b0),
			.SLEEP      (1'b0),
			.POWEROFF   (1'b1),       // active low
			.DATAOUT    (q_lo)
		);
		SB_SPRAM256KA u_hi (
			.ADDRESS    (addr[13:0]),
			.DATAIN     (i_b_data[31:16]),
			.MASKWREN   ({i_b_sel[3], i_b_sel[3], i_b_sel[2], i_b_sel[2]}),
			.WREN       (we),
			.CHIPSELECT (1'b1),
			.CLOCK      (i_clk),
			.STANDBY    (1'b0),
			.SLEEP      (1'b0),
			.POWEROFF   (1'b1),
			.DATAOUT    (q_hi)
		);

		// Out-of-range words read 0; a port only looks at the data with its
		// ack.
		reg hit_q;
		always @(posedge i_clk)
			hit_q <= hit;
		assign o_a_data = hit_q ? {q_hi, q_lo} : 32'd0;
		assign o_b_data = o_a_data;
	end else begin : g_bram
		reg [31:0] mem [0:WORDS-1];

		wire a_hit = i_a_addr < WORDS[29:0];
		wire b_hit = i_b_addr < WORDS[29:0];
		wire [AW-1:0] a_index = i_a_addr[AW-1:0];
		wire [AW-1:0] b_index = i_b_addr[AW-1:0];

		// Synthesis tools have no plusargs; FPGA flows set FIRMWARE.
`ifndef SYNTHESIS
		reg [8*1024-1:0] plusarg_file;
		integer w;
`endif
		initial begin
			// Words the image does not cover are zero: FPGA block RAM
			// without an initial value is, and simulators are made to agree.
			// (yosys takes minutes to unroll this loop, so synthesis skips
			// it.)
`ifndef SYNTHESIS
			for (w = 0; w < WORDS; w = w + 1)
				mem[w] = 32'd0;
			if ($value$plusargs("firmware=%s", plusarg_file))
				$readmemh(plusarg_file, mem);
			else
`endif
			if (FIRMWARE != "")
				$readmemh(FIRMWARE, mem);
		end

		// Plain registered reads and a byte-enable write, the shape FPGA
		// tools map to block RAM; out-of-range words are masked after the
		// register.
		reg [31:0] a_word, b_word;
		reg        a_hit_q, b_hit_q;
		integer i;
		always @(posedge i_clk) begin
			a_word  <= mem[a_index];
			b_word  <= mem[b_index];
			a_hit_q <= a_hit;
			b_hit_q <= b_hit;
			if (b_req && i_b_we && b_hit)
				for (i = 0; i < 4; i = i + 1)
					if (i_b_sel[i])
						mem[b_index][8*i +: 8] <= i_b_data[8*i +: 8];
		end
		assign o_a_data = a_hit_q ? a_word : 32'd0;
		assign o_b_data = b_hit_q ? b_word : 32'd0;
	end
	endgenerate

endmodule

`default_nettype wire
