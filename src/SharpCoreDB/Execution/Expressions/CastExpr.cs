using System.Text;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>CAST(operand AS type): converts by the type's affinity and carries that affinity into comparisons.</summary>
/// <param name="operand">The operand.</param>
/// <param name="typeName">The target type text.</param>
/// <param name="affinity">The target type's affinity.</param>
/// <param name="declaredType">The CLR type the target type asks for.</param>
internal sealed class CastExpr(Expr operand, string typeName, Affinity affinity, SqlDeclaredType declaredType) : Expr
{
    /// <summary>The operand.</summary>
    public Expr Operand { get; } = operand;

    /// <inheritdoc />
    public override Affinity Affinity { get; } = affinity;

    /// <inheritdoc />
    public override SqlDeclaredType DeclaredType { get; } = declaredType;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [Operand];

    /// <inheritdoc />
    public override Collation? Collation => Operand.Collation;

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context)
    {
        // A BLOB read as TEXT can grow (each invalid UTF-8 byte becomes a three-byte U+FFFD).
        SqlValue result = SqlCast.Cast(Operand.Evaluate(context), Affinity);
        ValueLimits.Check(result, context.MaxLength);
        return result;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new CastExpr(children[0], typeName, Affinity, DeclaredType);

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        builder.Append("CAST(");
        Operand.Format(builder);
        builder.Append(" AS ").Append(typeName).Append(')');
    }
}
