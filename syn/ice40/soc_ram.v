// soc_ram for the iCE40 UP5K: the SoC's 64 KiB RAM in two SB_SPRAM256KA
// (16K x 16 bits each, side by side). The iCE40 flow reads this file in
// place of soc/rtl/soc_ram.v: same module name, parameters and ports, so
// soc_top is unchanged. The UP5K's 30 block RAMs hold 15 KiB, too little
// for the demo (about 13 KiB of image and data, plus the stack).
//
// Two differences from soc/rtl/soc_ram.v, both forced by the SPRAM:
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
	parameter RAM_BYTES = 65536,  // must be 65536: two SPRAMs
	parameter FIRMWARE  = ""      // must be empty, see above
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

	localparam [29:0] WORDS = 30'd16384;

	generate
	if (RAM_BYTES != 65536 || FIRMWARE != "") begin : g_bad_parameters
		// Elaboration stops here: there is no such module.
		soc_ram_on_ice40_needs_RAM_BYTES_65536_and_no_FIRMWARE u_stop ();
	end
	endgenerate

	// A classic master holds STB through the ack cycle; a request is new only
	// when it is not being acked.
	wire a_req = i_a_stb & ~o_a_ack;
	wire b_req = i_b_stb & ~o_b_ack;
	wire a_go  = a_req & ~b_req;

	wire [29:0] addr = b_req ? i_b_addr : i_a_addr;
	wire        hit  = addr < WORDS;
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

	// Out-of-range words read 0; a port only looks at the data with its ack.
	reg hit_q;
	assign o_a_data = hit_q ? {q_hi, q_lo} : 32'd0;
	assign o_b_data = o_a_data;

	always @(posedge i_clk) begin
		hit_q <= hit;
		if (i_reset) begin
			o_a_ack <= 1'b0;
			o_b_ack <= 1'b0;
		end else begin
			o_a_ack <= a_go;
			o_b_ack <= b_req;
		end
	end

endmodule

`default_nettype wire
