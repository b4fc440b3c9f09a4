using System.Text;
using SharpCoreDB.Catalog;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary><c>PRAGMA user_version</c>: read from the catalog when evaluated, as the transaction sees it.</summary>
internal sealed class UserVersionExpr : Expr
{
    /// <inheritdoc />
    public override bool IsConstant => false;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => SqlValue.FromInt64(CatalogStore.ReadUserVersion(context.Transaction));

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => this;

    /// <inheritdoc />
    public override void Format(StringBuilder builder) => builder.Append("user_version");
}
