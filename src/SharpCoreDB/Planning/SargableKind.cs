namespace SharpCoreDB.Planning;

/// <summary>How a <see cref="Sargable"/> restricts its column.</summary>
internal enum SargableKind : byte
{
    /// <summary>col = value.</summary>
    Equal,

    /// <summary>col IN (values).</summary>
    In,

    /// <summary>col &gt; value or col &gt;= value.</summary>
    Lower,

    /// <summary>col &lt; value or col &lt;= value.</summary>
    Upper,
}
