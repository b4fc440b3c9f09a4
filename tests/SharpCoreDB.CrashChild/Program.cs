// Crash-test child process: opens a database and commits transactions from several threads until it is killed.
// The kill -9 harness (SharpCoreDB.Wal.Tests, Durability/KillTests.cs) starts it, kills it at a random moment,
// then reopens the database and checks what survived against what this program printed.
//
// Usage: SharpCoreDB.CrashChild <database> <Legacy|FullSync|Async> <threads> <firstTxId> [rowsPerTx]
//
// Rows live in one B+tree whose root is the database's catalog root:
//   "r<txId:D12>/<i:D3>"  one row per i < rowsPerTx, value = txId (8 bytes) + filler derived from (txId, i)
//   "s<sequence:D12>"     the commit sequence of the transaction, value = txId (8 bytes)
//   "h<thread:D3>"        a hot row rewritten by every transaction of a thread, value = txId + filler whose size
//                         swings between inline and overflow, so overflow chains are freed and reused
// Protocol on stdout, one line each, written only after the event happened:
//   ready <last visible sequence>
//   c <txId> <sequence>      the commit of txId returned (durable for Legacy/FullSync, queued for Async)
return SharpCoreDB.CrashChild.CrashWorkload.Run(args);

