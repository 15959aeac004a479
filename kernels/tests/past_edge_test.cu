// past_edge_test.cu: the tiled kernel's 4-byte copies of B past a tile's right edge
// (past_edge, kernels/level6_tuned.cuh), on the host: no GPU.
#include <stdio.h>

#include "kernels/level6_tuned.cuh"

namespace {

int failures = 0;

void expect(bool ok, const char *what, int in, int row, int j)
{
    if (!ok) {
        fprintf(stderr, "FAIL: in %d, row %d, copy %d: %s\n", in, row, j, what);
        ++failures;
    }
}

} // namespace

extern "C" int level6_past_edge_failures(void)
{
    // A whole tile's copies past the edge (past_edge, level 6's spread): at a last tile of
    // `in` columns inside (of 128), in a row of `row` columns (one tile: in; more: in plus
    // 128 or more), each of a warp's four 4-byte copies of B (32 lanes on consecutive
    // columns) reads columns of the row (from the tile's first: -row + in .. in - 1), the
    // inside ones their own, and no column by more than 2 lanes where the row has 16
    // columns or more (fewer: 32 / row, rounded up), where clamped to the last, 32 - in + 1
    // lanes read one column, and i % in kept 32 at one column inside (the 4-byte copies'
    // slow mode, evidence P386)
    for (int in = 1; in <= 128; ++in)
        for (const int row : {in, in + 128, in + 1280})
            for (int j = 0; j < 4; ++j) {
                int lanes[2048] = {0}, most = 0;
                bool inside = true;
                for (int lane = 0; lane < 32; ++lane) {
                    const int i = 32 * j + lane, c = l6::past_edge<l6::L6_SPREAD_B>(i, in, row);
                    inside = inside && c >= in - row && c < in && (i >= in || c == i);
                    if (inside && ++lanes[c + row] > most)
                        most = lanes[c + row];
                }
                expect(inside, "past_edge: a copy past the edge reads outside the row", in, row, j);
                const int w = row < 32 ? row : 32, cap = w >= 16 ? 2 : (32 + w - 1) / w;
                expect(most <= cap, "past_edge: a copy's lanes on one column (the slow mode)", in, row, j);
            }
    return failures;
}
