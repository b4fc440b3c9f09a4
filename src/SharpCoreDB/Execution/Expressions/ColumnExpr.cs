using System.Text;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>A column of the row in a slot: a table column, the row id, or a column of a derived row.</summary>
internal sealed class ColumnExpr : Expr
{
    /// <summary>Creates a column reference.</summary>
    /// <param name="slot">The slot.</param>
    /// <param name="column">The position in the slot's row.</param>
    /// <param name="name">The display name (table.column).</param>
    /// <param name="affinity">The column affinity.</param>
    /// <param name="declaredType">The declared CLR type.</param>
    /// <param name="declaredTypeName">The declared type text.</param>
    public ColumnExpr(int slot, int column, string name, Affinity affinity, SqlDeclaredType declaredType, string declaredTypeName)
    {
        Slot = slot;
        Column = column;
        Name = name;
        Affinity = affinity;
        DeclaredType = declaredType;
        DeclaredTypeName = declaredTypeName;
    }

    /// <summary>The slot.</summary>
    public int Slot { get; }

    /// <summary>The position in the slot's row.</summary>
    public int Column { get; }

    /// <summary>The display name.</summary>
    public string Name { get; }

    /// <inheritdoc />
    public override Affinity Affinity { get; }

    /// <inheritdoc />
    public override SqlDeclaredType DeclaredType { get; }

    /// <inheritdoc />
    public override string DeclaredTypeName { get; }

    /// <summary>The column's declared collation (BINARY when it declares none), or null where none applies.</summary>
    public Collation? ColumnCollation { get; init; } = Collation.Binary;

    /// <inheritdoc />
    public override Collation? Collation => ColumnCollation;

    /// <inheritdoc />
    public override bool HasExplicitCollation => false;

    /// <inheritdoc />
    public override bool IsConstant => false;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => context.Slots[Slot][Column];

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => this;

    /// <inheritdoc />
    public override void CollectSlots(HashSet<int> slots) => slots.Add(Slot);

    /// <inheritdoc />
    public override void Format(StringBuilder builder) => builder.Append(Name);
}
