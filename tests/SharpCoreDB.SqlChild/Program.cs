// SQL child process: runs a script of SQL steps on one thread with a chosen stack size, so a test can check that
// input which would overflow the stack is rejected with an error instead of killing the process. A stack overflow
// cannot be caught in .NET, which is why this runs apart from the test host (SharpCoreDB.Tests, Support/SqlChildProcess.cs).
//
// Usage: SharpCoreDB.SqlChild <stackKilobytes> <scriptFile>
//
// The script file holds steps separated by a line holding only "--step"; each step is one command text (it may hold
// several statements) run on an in-memory database shared by all steps, with every row of every result read.
// Protocol on stdout, one line per step, in order:
//   ok <rows> <first value of the first row, or "-">
//   error <SharpCoreDBErrorCode> <message on one line>
// then "done". Any other exception is a bug: the child prints "crash <type> <message>" and exits with code 2.
//
// Usage: SharpCoreDB.SqlChild maintenance <database> <vacuum|rekey|block> <keyHexA> <keyHexB>
// runs VACUUM or rekey in a loop until killed, or (block) blocks inside one rebuild until killed (the kill -9 target
// of Maintenance/MaintenanceCrashTests.cs).
return args.Length > 0 && args[0] == "maintenance"
    ? SharpCoreDB.SqlChild.MaintenanceLoop.Run(args)
    : SharpCoreDB.SqlChild.ScriptRunner.Run(args);
