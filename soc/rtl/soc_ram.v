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
`default_nettype none

module soc_ram #(
	parameter RAM_BYTES = 65536,
	parameter FIRMWARE  = ""
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

	// A RAM_BYTES that is not a whole number of words, or less than two,
	// stops elaboration (the module below exists nowhere).
	generate
	if (RAM_BYTES < 8 || (RAM_BYTES % 4) != 0) begin : g_bad_ram_bytes
		soc_ram_error_RAM_BYTES_must_be_a_multiple_of_4_from_8 u_error ();
	end
	endgenerate

	localparam integer WORDS = RAM_BYTES / 4;
	localparam integer AW    = $clog2(WORDS);

	reg [31:0] mem [0:WORDS-1];

	// A classic master holds STB through the ack cycle; a request is new only
	// when it is not being acked, so nothing is written twice.
	wire a_req = i_a_stb & ~o_a_ack;
	wire b_req = i_b_stb & ~o_b_ack;
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
		// Words the image does not cover are zero: FPGA block RAM without
		// an initial value is, and simulators are made to agree. (yosys
		// takes minutes to unroll this loop, so synthesis skips it.)
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

	// Plain registered reads and a byte-enable write, the shape FPGA tools
	// map to block RAM; out-of-range words are masked after the register.
	reg [31:0] a_word, b_word;
	reg        a_hit_q, b_hit_q;
	integer i;
	always @(posedge i_clk) begin
		a_word <= mem[a_index];
		b_word <= mem[b_index];
		if (b_req && i_b_we && b_hit)
			for (i = 0; i < 4; i = i + 1)
				if (i_b_sel[i])
					mem[b_index][8*i +: 8] <= i_b_data[8*i +: 8];
	end
	assign o_a_data = a_hit_q ? a_word : 32'd0;
	assign o_b_data = b_hit_q ? b_word : 32'd0;

	always @(posedge i_clk) begin
		a_hit_q <= a_hit;
		b_hit_q <= b_hit;
		if (i_reset) begin
			o_a_ack <= 1'b0;
			o_b_ack <= 1'b0;
		end else begin
			o_a_ack <= a_req;
			o_b_ack <= b_req;
		end
	end

endmodule

`default_nettype wire
