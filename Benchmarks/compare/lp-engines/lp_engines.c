/* CLP against GLPK on node LPs of the arc branch and cut (issue 18's
   "measure CLP against GLPK"): for each PREFIX, PREFIX.mps is a node's LP
   (degree rows, cuts, the node's column bounds) and PREFIX.branch "column
   value" the branching bound of its first child. Each engine solves the
   node LP cold by the dual simplex, then re-solves warm after the branching
   bound change (what a child costs). Times in microseconds.

   The MPS files came from a temporary hook (not in the package) in
   DirectedBranchAndCutSearch.process at the point of branching:
   Clp_writeMps(model, path, 1, 1, 1) and the first child's first fixing's
   column, for the first 25 branching nodes of it100_0, it100_2, it100_11.

   Build: gcc -O2 -o lpbench lp_engines.c $(pkg-config --cflags clp) -lglpk $(pkg-config --libs clp)
   Needs libglpk-dev besides coinor-libclp-dev; not part of the package. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <glpk.h>
#include <coin/Clp_C_Interface.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }

int main(int argc, char **argv) {
    glp_term_out(GLP_OFF);
    for (int i = 1; i < argc; i++) {
        char mps[512], br[512];
        snprintf(mps, sizeof mps, "%s.mps", argv[i]);
        snprintf(br, sizeof br, "%s.branch", argv[i]);
        FILE *f = fopen(br, "r"); int col, val; if (!f || fscanf(f, "%d %d", &col, &val) != 2) return 1; fclose(f);
        /* CLP */
        Clp_Simplex *m = Clp_newModel(); Clp_setLogLevel(m, 0);
        if (Clp_readMps(m, mps, 1, 0)) return 2;
        Clp_scaling(m, 0);
        double t0 = now(); Clp_dual(m, 0); double t1 = now();
        int cit = Clp_numberIterations(m); double cobj = Clp_objectiveValue(m);
        int nc = Clp_numberColumns(m);
        double *lo = malloc(nc * sizeof(double)), *up = malloc(nc * sizeof(double));
        memcpy(lo, Clp_getColLower(m), nc * sizeof(double)); memcpy(up, Clp_getColUpper(m), nc * sizeof(double));
        if (val) lo[col] = 1; else up[col] = 0;
        Clp_chgColumnLower(m, lo); Clp_chgColumnUpper(m, up); free(lo); free(up);
        double t2 = now(); Clp_dual(m, 0); double t3 = now();
        int cit2 = Clp_numberIterations(m); double cobj2 = Clp_objectiveValue(m); int cst = Clp_status(m);
        Clp_deleteModel(m);
        /* GLPK */
        glp_prob *P = glp_create_prob();
        if (glp_read_mps(P, GLP_MPS_FILE, NULL, mps)) return 3;
        glp_smcp parm; glp_init_smcp(&parm); parm.msg_lev = GLP_MSG_OFF; parm.meth = GLP_DUALP;
        double g0 = now(); glp_adv_basis(P, 0); glp_simplex(P, &parm); double g1 = now();
        int git = glp_get_it_cnt(P); double gobj = glp_get_obj_val(P);
        int j = col + 1;
        double lb = glp_get_col_lb(P, j), ub = glp_get_col_ub(P, j);
        if (val) lb = 1; else ub = 0;
        glp_set_col_bnds(P, j, lb == ub ? GLP_FX : GLP_DB, lb, ub);
        double g2 = now(); glp_simplex(P, &parm); double g3 = now();
        int git2 = glp_get_it_cnt(P) - git; double gobj2 = glp_get_obj_val(P); int gst = glp_get_status(P);
        printf("%s rows %d cols %d | cold clp %.0f us %d it obj %.3f | glpk %.0f us %d it obj %.3f | warm clp %.0f us %d it obj %.3f st %d | glpk %.0f us %d it obj %.3f st %d\n",
               argv[i], glp_get_num_rows(P), glp_get_num_cols(P), t1 - t0, cit, cobj, g1 - g0, git, gobj,
               t3 - t2, cit2, cobj2, cst, g3 - g2, git2, gobj2, gst);
        glp_delete_prob(P);
    }
    return 0;
}
