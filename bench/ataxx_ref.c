/* ataxx_ref: a stand-in for "a dedicated Ataxx engine at fixed depth D", for bench/ataxx_ref.py.

   Plain C99, no dependencies; bench/ataxx_ref.py compiles it with `gcc -O2` into a build folder
   outside the checkout (the system's temporary folder) when gcc is present.

   Rules as parlor.rules.ataxx (7x7, squares rank * 7 + file, blocked squares from the FEN): a
   place (clone) to an empty square next to an own piece, a jump to an empty square exactly two
   away (the origin empties), the other side's pieces next to the target change side. A side
   without a move passes; the game ends when a side has no pieces (it loses), the board is full
   or neither side can move (the count decides). Repetition and the 80-jump rule are not
   modelled (the caller's rules are), as in the published engines.

   Search, what a typical engine of that kind does (kz04px's skeleton and Tiktaxx): negamax
   alpha-beta to exactly D plies (full width: no reductions, no pruning beyond the window),
   iterative deepening 1..D for move ordering, a transposition table (Zobrist keys; depth,
   bound, value, move), ordering by table move, then captures (+1 for a place), then the
   generation order. Leaves: 100 x (own pieces - other's) + SAFE x (own pieces no empty square
   touches - other's) from the side to move's view; SAFE is given per request (0: material only).
   A won game is worth MATE - plies.

   Protocol, one request a line on stdin, one answer a line on stdout:
     move DEPTH SAFE FEN   ->  the move in parlor's notation (b6, a7c5, pass)
     perft DEPTH FEN       ->  the leaf count (ends and passes as parlor.rules.ataxx.perft)
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t bb;
#define FULL ((1ULL << 49) - 1)
#define MATE 100000
#define INF 1000000
#define MAX_MOVES 512
#define TT_BITS 22

static bb ADJ[49], RING2[49], NOT_A, NOT_G;
static bb ZOB[2][49], ZOB_SIDE;

typedef struct { bb key; int value; int16_t move; int8_t depth; int8_t flag; uint32_t search; } Entry;
static Entry *tt;
static uint32_t search_id;  /* an entry of an earlier request is ignored: each move is searched afresh */
enum { EXACT, LOWER, UPPER };

static bb spread(bb m) {
    bb row = m | ((m << 1) & NOT_A) | ((m >> 1) & NOT_G);
    return (row | (row << 7) | (row >> 7)) & FULL;
}

static int popcount(bb m) { return __builtin_popcountll(m); }

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void init(void) {
    for (int sq = 0; sq < 49; sq++) {
        if (sq % 7 != 0) NOT_A |= 1ULL << sq;
        if (sq % 7 != 6) NOT_G |= 1ULL << sq;
    }
    for (int sq = 0; sq < 49; sq++) {
        bb one = spread(1ULL << sq);
        ADJ[sq] = one & ~(1ULL << sq);
        RING2[sq] = spread(one) & ~one;
        ZOB[0][sq] = next_random();
        ZOB[1][sq] = next_random();
    }
    ZOB_SIDE = next_random();
    tt = calloc((size_t)1 << TT_BITS, sizeof(Entry));
}

/* A move: target | (origin + 1) << 6, origin -1 for a place (as parlor.ai.ataxx.encode). */
static int gen(bb own, bb empty, int *moves) {
    int n = 0;
    for (bb m = spread(own) & empty; m; m &= m - 1) moves[n++] = __builtin_ctzll(m);
    for (bb o = own; o; o &= o - 1) {
        int s = __builtin_ctzll(o);
        for (bb t = RING2[s] & empty; t; t &= t - 1) moves[n++] = __builtin_ctzll(t) | (s + 1) << 6;
    }
    return n;
}

static void make(bb *own, bb *opp, int move) {
    int t = move & 63, origin = (move >> 6) - 1;
    bb flips = ADJ[t] & *opp;
    *own |= (1ULL << t) | flips;
    if (origin >= 0) *own &= ~(1ULL << origin);
    *opp ^= flips;
}

static int can_move(bb own, bb empty) { return (spread(spread(own)) & empty) != 0; }

static bb blocked;
static int safe_weight;

static int count_end(bb own, bb opp, int ply) {
    int diff = popcount(own) - popcount(opp);
    return diff > 0 ? MATE - ply : diff < 0 ? -(MATE - ply) : 0;
}

static int evaluate(bb own, bb opp, bb empty) {
    bb open = spread(empty);
    return 100 * (popcount(own) - popcount(opp))
         + safe_weight * (popcount(own & ~open) - popcount(opp & ~open));
}

static bb hash_of(bb own, bb opp, int side) {
    bb key = side ? ZOB_SIDE : 0;
    for (bb m = own; m; m &= m - 1) key ^= ZOB[side][__builtin_ctzll(m)];
    for (bb m = opp; m; m &= m - 1) key ^= ZOB[!side][__builtin_ctzll(m)];
    return key;
}

/* `side` is only for the hash (0: own are x). */
static int negamax(bb own, bb opp, int side, int depth, int alpha, int beta, int ply) {
    if (!own) return -(MATE - ply);
    if (!opp) return MATE - ply;
    bb empty = FULL & ~(own | opp | blocked);
    if (!empty) return count_end(own, opp, ply);
    if (depth == 0) return evaluate(own, opp, empty);
    int moves[MAX_MOVES];
    int n = gen(own, empty, moves);
    if (n == 0) {
        if (!can_move(opp, empty)) return count_end(own, opp, ply);
        return -negamax(opp, own, !side, depth - 1, -beta, -alpha, ply + 1);  /* a pass */
    }
    bb key = hash_of(own, opp, side);
    Entry *e = &tt[key & (((bb)1 << TT_BITS) - 1)];
    int tt_move = -1;
    if (e->key == key && e->search == search_id) {
        tt_move = e->move;
        if (e->depth >= depth) {
            int v = e->value;
            if (v > MATE - 1000) v -= ply; else if (v < -(MATE - 1000)) v += ply;
            if (e->flag == EXACT || (e->flag == LOWER && v >= beta) || (e->flag == UPPER && v <= alpha))
                return v;
        }
    }
    int scores[MAX_MOVES];
    for (int i = 0; i < n; i++)
        scores[i] = moves[i] == tt_move ? 1000 : 2 * popcount(ADJ[moves[i] & 63] & opp) + (moves[i] >> 6 == 0);
    int alpha0 = alpha, best = -INF, best_move = moves[0];
    for (int i = 0; i < n; i++) {
        int pick = i;  /* selection sort step: the best remaining move, ties in generation order */
        for (int j = i + 1; j < n; j++) if (scores[j] > scores[pick]) pick = j;
        int m = moves[pick], s = scores[pick];
        memmove(moves + i + 1, moves + i, (pick - i) * sizeof(int));
        memmove(scores + i + 1, scores + i, (pick - i) * sizeof(int));
        moves[i] = m, scores[i] = s;
        bb n_own = own, n_opp = opp;
        make(&n_own, &n_opp, m);
        int v = -negamax(n_opp, n_own, !side, depth - 1, -beta, -alpha, ply + 1);
        if (v > best) {
            best = v, best_move = m;
            if (v > alpha) alpha = v;
            if (alpha >= beta) break;
        }
    }
    e->key = key;
    e->search = search_id;
    e->depth = (int8_t)depth;
    e->flag = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
    e->value = best > MATE - 1000 ? best + ply : best < -(MATE - 1000) ? best - ply : best;
    e->move = (int16_t)best_move;
    return best;
}

static int root(bb own, bb opp, int side, int depth) {
    bb empty = FULL & ~(own | opp | blocked);
    int moves[MAX_MOVES], scores[MAX_MOVES];
    int n = gen(own, empty, moves);
    if (n == 0) return -1;
    search_id++;
    for (int i = 0; i < n; i++) scores[i] = 2 * popcount(ADJ[moves[i] & 63] & opp) + (moves[i] >> 6 == 0);
    int best_move = moves[0];
    for (int d = 1; d <= depth; d++) {
        /* The last iteration's best move first, then by captures (stable: generation order). */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && (moves[j] == best_move || (moves[j - 1] != best_move && scores[j] > scores[j - 1])); j--) {
                int m = moves[j]; moves[j] = moves[j - 1]; moves[j - 1] = m;
                int s = scores[j]; scores[j] = scores[j - 1]; scores[j - 1] = s;
            }
        int alpha = -INF;
        for (int i = 0; i < n; i++) {
            bb n_own = own, n_opp = opp;
            make(&n_own, &n_opp, moves[i]);
            int v = -negamax(n_opp, n_own, !side, d - 1, -INF, -alpha, 1);
            if (v > alpha) alpha = v, best_move = moves[i];
        }
        if (alpha >= MATE - 1000 || alpha <= -(MATE - 1000)) break;
    }
    return best_move;
}

static long long perft(bb own, bb opp, int depth) {
    bb empty = FULL & ~(own | opp | blocked);
    if (!own || !opp || !empty) return 0;
    int moves[MAX_MOVES];
    int n = gen(own, empty, moves);
    if (n == 0) {
        if (!can_move(opp, empty)) return 0;
        return depth == 1 ? 1 : perft(opp, own, depth - 1);
    }
    if (depth == 1) return n;
    long long total = 0;
    for (int i = 0; i < n; i++) {
        bb n_own = own, n_opp = opp;
        make(&n_own, &n_opp, moves[i]);
        total += perft(n_opp, n_own, depth - 1);
    }
    return total;
}

/* Board and side from a FEN (counters ignored); 0 if malformed. */
static int parse_fen(const char *fen, bb *x, bb *o, int *side) {
    *x = *o = blocked = 0;
    int rank = 6, file = 0;
    const char *p = fen;
    for (; *p && *p != ' '; p++) {
        if (*p == '/') {
            if (file != 7) return 0;
            rank--, file = 0;
        } else if (*p >= '1' && *p <= '7') {
            file += *p - '0';
        } else {
            if (file > 6 || rank < 0) return 0;
            bb bit = 1ULL << (rank * 7 + file);
            if (*p == 'x') *x |= bit; else if (*p == 'o') *o |= bit; else if (*p == '-') blocked |= bit; else return 0;
            file++;
        }
    }
    if (rank != 0 || file != 7 || *p != ' ') return 0;
    if (p[1] != 'x' && p[1] != 'o') return 0;
    *side = p[1] == 'o';
    return 1;
}

static void print_move(int move) {
    if (move < 0) { puts("pass"); return; }
    int t = move & 63, origin = (move >> 6) - 1;
    if (origin >= 0) printf("%c%d", 'a' + origin % 7, origin / 7 + 1);
    printf("%c%d\n", 'a' + t % 7, t / 7 + 1);
}

int main(void) {
    init();
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        char command[16];
        int depth, offset = 0;
        bb x, o;
        int side;
        if (sscanf(line, "%15s %d %n", command, &depth, &offset) < 2 || depth < 1 || depth > 60) {
            puts("error");
        } else if (!strcmp(command, "move")) {
            int more = 0;
            if (sscanf(line + offset, "%d %n", &safe_weight, &more) < 1 || !parse_fen(line + offset + more, &x, &o, &side)) {
                puts("error");
            } else {
                print_move(side ? root(o, x, 1, depth) : root(x, o, 0, depth));
            }
        } else if (!strcmp(command, "perft") && parse_fen(line + offset, &x, &o, &side)) {
            printf("%lld\n", side ? perft(o, x, depth) : perft(x, o, depth));
        } else {
            puts("error");
        }
        fflush(stdout);
    }
    return 0;
}
