using SharpCoreDB.SqlLogicTest;

try
{
    return Runner.Run(args, Console.Out, Console.Error);
}
catch (Exception e)
{
    // Failures of records never get here; this is the runner itself breaking (an unreadable file, a bug).
    Console.Error.WriteLine($"sqllogictest runner failed: {e}");
    return Runner.ExitCrash;
}
