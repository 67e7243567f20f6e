#ifndef ROUTEPLAN_CLAPACK_SHIM_H
#define ROUTEPLAN_CLAPACK_SHIM_H

/*
 * Debian's liblapack-dev ships the reference Fortran LAPACK without a C header,
 * so the few routines RoutePlan calls are declared here with the gfortran calling
 * convention: trailing underscore, every argument by reference, column-major
 * arrays, and a hidden length argument for each CHARACTER argument.
 */

#include <stddef.h>

/* DGELS: solve an over- or under-determined real linear system with a QR or LQ
 * factorisation of A (least squares when m >= n). A is m-by-n, B is m-by-nrhs;
 * on exit B's first n rows hold the solution. Set lwork = -1 to query the
 * optimal workspace size into work[0]. */
void dgels_(const char *trans, const int *m, const int *n, const int *nrhs,
            double *a, const int *lda, double *b, const int *ldb,
            double *work, const int *lwork, int *info, size_t trans_len);

#endif
