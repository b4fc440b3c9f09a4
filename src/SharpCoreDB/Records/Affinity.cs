namespace SharpCoreDB.Records;

/// <summary>
/// SQLite's type affinity: the preferred storage class of a column, a CAST target, or an expression. The order
/// matters (it is SQLite's): everything from <see cref="Numeric"/> up is a numeric affinity.
/// </summary>
internal enum Affinity : byte
{
    /// <summary>No affinity: an expression that is neither a column reference nor a CAST (a literal, a function
    /// call, arithmetic). Comparisons against it use the other side's affinity.</summary>
    None = 0,

    /// <summary>BLOB affinity (a column declared BLOB or with no type): values are stored as given.</summary>
    Blob = 1,

    /// <summary>TEXT affinity: numbers are converted to text on the way in.</summary>
    Text = 2,

    /// <summary>NUMERIC affinity: well-formed numeric text becomes INTEGER or REAL; integral reals become INTEGER.</summary>
    Numeric = 3,

    /// <summary>INTEGER affinity: like <see cref="Numeric"/> (differs only in CAST).</summary>
    Integer = 4,

    /// <summary>REAL affinity: like <see cref="Numeric"/>, but integers are stored as REAL.</summary>
    Real = 5,

    /// <summary>
    /// NUMERIC affinity of a column (or CAST) declared DECIMAL, NUMERIC or MONEY: like <see cref="Numeric"/>, but exact
    /// values stay exact — numeric text and non-whole reals become DECIMAL when they fit
    /// (<see cref="NumericConversion.ApplyDecimalAffinity"/>), also when a comparison applies it to the other operand.
    /// </summary>
    Decimal = 6,
}
