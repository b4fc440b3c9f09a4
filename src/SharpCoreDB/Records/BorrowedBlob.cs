namespace SharpCoreDB.Records;

/// <summary>
/// A BLOB whose bytes a <see cref="SqlValue"/> borrows from a record buffer the engine reuses (a scan's or a seek's),
/// instead of decoding them into an array of its own: a query that only hands the value to the data reader then
/// copies it once, into the caller's array, as SQLite copies from its page memory. The bytes are valid while the row
/// they were decoded from is current, so only plans that keep no value past its row lend them (see
/// <c>Execution.Operators.BlobLending</c>); code that asks for the array itself (<see cref="SqlValue.AsBlob"/>) gets
/// a new one.
/// </summary>
/// <param name="buffer">The record buffer.</param>
/// <param name="offset">Where the BLOB starts in it.</param>
/// <param name="length">The BLOB's length in bytes.</param>
internal sealed class BorrowedBlob(byte[] buffer, int offset, int length)
{
    /// <summary>The BLOB's length in bytes.</summary>
    public int Length => length;

    /// <summary>The BLOB's bytes, in the record buffer.</summary>
    public ReadOnlySpan<byte> Bytes => new(buffer, offset, length);
}
