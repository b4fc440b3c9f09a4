using System.Data.Common;

namespace SharpCoreDB.Shell.Output;

/// <summary>Prints one result set in one output mode.</summary>
internal abstract class ResultWriter
{
    /// <summary>Prints every remaining row of the reader's current result set (nothing when it has no rows).</summary>
    /// <param name="reader">The reader, before its first row.</param>
    /// <param name="settings">The session's output settings.</param>
    public abstract void Write(DbDataReader reader, OutputSettings settings);
}
