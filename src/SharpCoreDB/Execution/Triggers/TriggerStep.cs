using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Execution.Triggers;

/// <summary>One statement of a trigger program, bound into the statement that fires it.</summary>
internal abstract class TriggerStep
{
    /// <summary>Runs the statement in the trigger's context.</summary>
    /// <param name="context">The context of this firing (shares the slots of the statement that fired it).</param>
    public abstract void Run(ExecutionContext context);

    /// <summary>The step as EXPLAIN prints it.</summary>
    /// <returns>The lines.</returns>
    public abstract IReadOnlyList<string> Explain();

    /// <summary>An INSERT, UPDATE or DELETE.</summary>
    /// <param name="plan">The bound statement.</param>
    public sealed class Write(DmlPlan plan) : TriggerStep
    {
        /// <inheritdoc />
        public override void Run(ExecutionContext context)
        {
            int changed = plan.ExecuteIn(context);
            if (context.Transaction.Counters is { } counters)
            {
                counters.TriggerChanges += changed;
            }
        }

        /// <inheritdoc />
        public override IReadOnlyList<string> Explain() => plan.Explain();
    }

    /// <summary>A SELECT: run to its end for what its expressions do (a RAISE, say); the rows go nowhere.</summary>
    /// <param name="root">The bound query.</param>
    public sealed class Query(Operator root) : TriggerStep
    {
        /// <inheritdoc />
        public override void Run(ExecutionContext context)
        {
            root.Open(context);
            try
            {
                while (root.Next(context))
                {
                    context.CheckCancellation();
                }
            }
            finally
            {
                root.Close(context);
            }
        }

        /// <inheritdoc />
        public override IReadOnlyList<string> Explain() => PlanPrinter.Print(root);
    }
}
