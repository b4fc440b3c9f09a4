namespace SharpCoreDB.Records;

/// <summary>Which comparison a <see cref="Collation"/> makes.</summary>
internal enum CollationKind
{
    /// <summary>UTF-8 byte order.</summary>
    Binary,

    /// <summary>Byte order after folding ASCII A-Z to a-z.</summary>
    NoCase,

    /// <summary>Byte order ignoring trailing spaces.</summary>
    RTrim,

    /// <summary>A comparison registered from C#.</summary>
    User,
}
