namespace SharpCoreDB;

/// <summary>The state of a database's write-ahead log, from <see cref="SharpCoreDBConnection.GetLogStatus"/>.</summary>
/// <param name="SizeBytes">The log's size in bytes as written so far (header included).</param>
/// <param name="CommitsPinnedPastThreshold">
/// Commits appended to the log after it passed its checkpoint threshold because an open reader kept it from
/// restarting. A read transaction (or a data reader) left open keeps every later commit in the log, so the log grows
/// until it ends; a number that keeps rising points at a reader that is never closed.
/// </param>
public sealed record SharpCoreDBLogStatus(long SizeBytes, long CommitsPinnedPastThreshold);
