// What a host needs besides the planner, reachable from `import RoutePlan`
// alone: the solver's options and errors, the executor and memory budget,
// and the shared value types of the other modules.
@_exported import struct RoutePlanSolver.SolveControl
@_exported import enum RoutePlanSolver.RouteSolver
@_exported import enum RoutePlanSolver.SolverError
@_exported import enum RoutePlanSolver.ErrorCategory
@_exported import class RoutePlanSolver.SolverExecutor
@_exported import class RoutePlanSolver.MemoryBudget
@_exported import class RoutePlanSolver.SolveProgress
@_exported import struct RoutePlanSolver.Solution
@_exported import struct RoutePlanExport.Waypoint
@_exported import enum RoutePlanExport.TravelMode
@_exported import struct RoutePlanExport.GoogleMapsDirections
@_exported import enum RoutePlanMatrix.MatrixError
@_exported import struct RoutePlanMatrix.ObservedMatrix
@_exported import enum RoutePlanMatrix.MatrixSourceFormat
