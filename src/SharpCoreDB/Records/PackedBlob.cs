namespace SharpCoreDB.Records;

/// <summary>
/// A BLOB of exactly 16 bytes — a GUID's size — that a <see cref="SqlValue"/> holds inline instead of in an array:
/// fifteen of its bytes sit in the value's payload fields and the last one is which of these 256 shared instances the
/// value refers to. Bound GUIDs and 16-byte BLOBs read from records and index keys are held this way, so binding and
/// reading a GUID allocates nothing; the bytes are written straight into records, key encodings, comparisons and
/// hashes, and only code that asks for the array itself (<see cref="SqlValue.AsBlob"/>) gets a new one.
/// </summary>
/// <remarks>A held BLOB is a BLOB in every way SQL can see: same bytes, same length, same order.</remarks>
internal sealed class PackedBlob
{
    /// <summary>The size of a BLOB held inline: a GUID's 16 bytes.</summary>
    public const int Size = 16;

    private static readonly PackedBlob[] s_instances = Create();

    private PackedBlob(byte tail)
    {
        Tail = tail;
    }

    /// <summary>The BLOB's last byte.</summary>
    public byte Tail { get; }

    /// <summary>The instance for a BLOB whose last byte is <paramref name="tail"/>.</summary>
    /// <param name="tail">The last byte.</param>
    /// <returns>The shared instance.</returns>
    public static PackedBlob For(byte tail) => s_instances[tail];

    private static PackedBlob[] Create()
    {
        var instances = new PackedBlob[256];
        for (int tail = 0; tail < instances.Length; tail++)
        {
            instances[tail] = new PackedBlob((byte)tail);
        }

        return instances;
    }
}
