#ifndef ROUTEPLAN_CCLP_SHIM_H
#define ROUTEPLAN_CCLP_SHIM_H

/*
 * COIN-OR CLP's C interface (Debian: coinor-libclp-dev, pkg-config name
 * `clp`), the simplex engine of the branch-and-cut TSP solver. pkg-config puts
 * /usr/include/coin on the include path; the header pulls in
 * Coin_C_defines.h from the same directory.
 */
#include <Clp_C_Interface.h>

#endif
