// SPDX-License-Identifier: Apache-2.0
// Copies the firmware image from the board's SPI flash into the SoC's RAM
// after reset, for RAM that the bitstream cannot preload (the UP5K's SPRAM).
//
// It wakes the flash (0xAB, release from deep power-down, in case anything
// left it asleep), waits WAKE_CYCLES, then reads WORDS 32-bit words from
// byte address FLASH_ADDR with one READ command (0x03) and hands each word
// to the RAM, little-endian like the image (fw.mk's .hex and .bin). SPI mode
// 0, SCK at half the clock: 6 MHz from 12 MHz, well inside the 0x03
// command's limit, so 64 KiB take 88 ms.
`default_nettype none

module flash_loader #(
	parameter [23:0] FLASH_ADDR  = 24'h10_0000,  // image offset: iceprog -o 1M
	parameter        WORDS       = 16384,        // 32-bit words to copy, 1..32768
	parameter        WAKE_CYCLES = 64            // >= 3 us (flash tRES1) in clock cycles
) (
	input  wire        i_clk,
	input  wire        i_reset,     // synchronous, active high: load again
	output wire        o_busy,      // hold the SoC in reset while high
	output reg         o_we,        // one cycle per word
	output reg  [29:0] o_addr,      // word address
	output wire [31:0] o_data,
	output reg         o_spi_csn,
	output reg         o_spi_sck,
	output wire        o_spi_mosi,
	input  wire        i_spi_miso
);

	localparam [2:0] S_WAKE      = 3'd0;  // shifting out 0xAB
	localparam [2:0] S_WAKE_WAIT = 3'd1;
	localparam [2:0] S_COMMAND   = 3'd2;  // shifting out 0x03 and the address
	localparam [2:0] S_DATA      = 3'd3;  // shifting in words
	localparam [2:0] S_DONE      = 3'd4;

	localparam [15:0] LAST_WORD = WORDS[15:0] - 16'd1;
	localparam [15:0] WAKE_LAST = WAKE_CYCLES[15:0] - 16'd1;

	reg [2:0]  r_state;
	reg [31:0] r_shift;    // out at bit 31, in at bit 0
	reg [5:0]  r_bits;     // bits of the current transfer still to shift
	reg [15:0] r_count;    // wait cycles, then words still to read, minus one

	assign o_busy     = (r_state != S_DONE);
	assign o_spi_mosi = r_shift[31];
	// The flash sends each byte most significant bit first; the first byte
	// of a word is its least significant.
	assign o_data     = {r_shift[7:0], r_shift[15:8], r_shift[23:16], r_shift[31:24]};

	// One bit every two cycles: SCK rises at the end of the low half, when
	// MOSI has been stable for a cycle, and the flash's MISO, which it
	// changed after the previous falling edge, is taken as SCK falls.
	wire shifting = (r_state == S_WAKE || r_state == S_COMMAND || r_state == S_DATA);
	wire bit_done = shifting && o_spi_sck;
	wire last_bit = bit_done && (r_bits == 6'd1);

	always @(posedge i_clk) begin
		o_we <= 1'b0;
		if (i_reset) begin
			r_state   <= S_WAKE;
			r_shift   <= {8'hAB, 24'd0};
			r_bits    <= 6'd8;
			o_spi_csn <= 1'b1;
			o_spi_sck <= 1'b0;
			o_addr    <= 30'd0;
		end else begin
			if (shifting) begin
				o_spi_csn <= 1'b0;
				// The first SCK rise waits one cycle after CS falls.
				o_spi_sck <= !o_spi_csn && !o_spi_sck;
			end
			if (bit_done) begin
				r_shift <= {r_shift[30:0], i_spi_miso};
				r_bits  <= r_bits - 6'd1;
			end
			case (r_state)
			S_WAKE:
				if (last_bit) begin
					o_spi_csn <= 1'b1;
					r_count   <= WAKE_LAST;
					r_state   <= S_WAKE_WAIT;
				end
			S_WAKE_WAIT:
				if (r_count != 16'd0)
					r_count <= r_count - 16'd1;
				else begin
					r_shift <= {8'h03, FLASH_ADDR};
					r_bits  <= 6'd32;
					r_state <= S_COMMAND;
				end
			S_COMMAND:
				if (last_bit) begin
					r_bits  <= 6'd32;
					r_count <= LAST_WORD;
					r_state <= S_DATA;
				end
			S_DATA:
				if (last_bit) begin
					o_we   <= 1'b1;
					r_bits <= 6'd32;
					if (r_count == 16'd0) begin
						o_spi_csn <= 1'b1;
						r_state   <= S_DONE;
					end else
						r_count <= r_count - 16'd1;
				end
			default: ;
			endcase
			// o_we goes out with the word completed in the previous cycle.
			if (o_we)
				o_addr <= o_addr + 30'd1;
		end
	end

endmodule

`default_nettype wire
