using System.Text;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>
/// <c>RAISE(IGNORE)</c> or <c>RAISE(ABORT|FAIL|ROLLBACK, message)</c> inside a trigger program: evaluating it stops
/// the program. IGNORE skips the row that fired the trigger (<see cref="TriggerSet"/> catches it); the others fail
/// the statement with the message, and the caller takes back the statement's changes (ABORT), keeps them (FAIL)
/// or rolls back the whole transaction (ROLLBACK).
/// </summary>
/// <param name="action">The action.</param>
/// <param name="message">The message, or null for IGNORE.</param>
internal sealed class RaiseExpr(RaiseAction action, string? message) : Expr
{
    /// <inheritdoc />
    public override bool IsConstant => false;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => action switch
    {
        RaiseAction.Ignore => throw TriggerIgnored.Instance,
        RaiseAction.Fail => throw ExecutionErrors.RaiseFail(message),
        RaiseAction.Rollback => throw ExecutionErrors.RaiseRollback(message),
        _ => throw ExecutionErrors.RaiseAbort(message),
    };

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => this;

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        builder.Append("RAISE(").Append(action.ToString().ToUpperInvariant());
        if (message is not null)
        {
            builder.Append(", '").Append(message.Replace("'", "''", StringComparison.Ordinal)).Append('\'');
        }

        builder.Append(')');
    }
}
