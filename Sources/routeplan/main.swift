import RoutePlanCLI

await CommandRunner.main()
