using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Execution;
using SharpCoreDB.Records;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// Resolves a parsed statement against a schema: names become slots and columns, parameters become indexes into the
/// bound values, and the statement's rows become a tree of bound relations (<see cref="IBoundRelation"/>) without an
/// operator. Every statement comes back as that tree, or as its bound change (<see cref="BoundStatement"/>), for the
/// planner to plan after binding: the binder never plans, chooses an access path or rewrites, and knows no planner.
/// One binder binds one statement; slots are numbered across the statement and its subqueries.
/// </summary>
/// <remarks>
/// The binder is split by concern: expressions (<c>Binder.Expressions.cs</c>), SELECT (<c>Binder.Select.cs</c>),
/// compound queries and VALUES (<c>Binder.Compound.cs</c>), FROM (<c>Binder.From.cs</c>), table-valued functions
/// (<c>Binder.TableFunctions.cs</c>), WITH (<c>Binder.With.cs</c>, <c>Binder.Recursive.cs</c>), data changes
/// (<c>Binder.Dml.cs</c>, <c>Binder.UpdateFrom.cs</c>, <c>Binder.ViewWrites.cs</c>), triggers
/// (<c>Binder.Triggers.cs</c>), foreign-key actions (<c>Binder.ForeignKeys.cs</c>), schema changes
/// (<c>Binder.Ddl.cs</c>, <c>Binder.IndexDefinitions.cs</c>, <c>Binder.Collations.cs</c>), renames and the stored-SQL
/// editor (<c>Binder.Rename.cs</c>), PRAGMAs (<c>Binder.Pragmas.cs</c>), the schema table
/// (<c>Binder.SchemaTable.cs</c>) and view column information (<c>Binder.ViewInfo.cs</c>). Units of their own, which
/// reach back only through <see cref="IExpressionBinder"/>, <see cref="ISlotAllocator"/> and
/// <see cref="ITableExpressionBinder"/> (implemented in <c>Binder.Units.cs</c>): window function calls
/// (<see cref="WindowBinder"/>, each SELECT's calls in a <see cref="WindowBinding"/>) and the visible common table
/// expressions (<see cref="CteScope"/>, with <see cref="RecursiveCteShape"/> and <see cref="RecursiveBinding"/> for
/// recursive ones), made on first use; generated columns (<see cref="GeneratedColumnBinder"/>, stateless); and the
/// triggers a change fires (<see cref="FiredTriggers"/>).
/// </remarks>
internal sealed partial class Binder
{
    private readonly Schema _schema;
    private readonly IReadOnlyDictionary<string, int> _parameters;
    private readonly CollationRegistry _collations;

    // The functions registered from C# on the database: looked up before the built-ins, as SQLite does.
    private readonly UserFunctionSet _functions;

    private readonly List<int> _slotWidths = [];

    // The tables an INSERT, UPDATE or DELETE changes, itself or through the triggers it fires: its subqueries must
    // see the statement's own changes to them.
    private HashSet<TableSchema>? _changedTables;

    // The subqueries inside the statement's expressions, collected for the plan pass.
    private List<BoundSubquery>? _subqueries;

    // How deep the binder is in expressions and queries (views and common table expressions included): past
    // StackGuard's shallow depth the statement is bound again on a large stack, so the planner's walks over the
    // bound trees never run on a small one either.
    private int _nesting;
    private bool _rightJoinInFrom;

    // The first source of the join being bound in the scope: 0, or inside a join unit (BindJoinUnit) its first table,
    // so USING and NATURAL there see only the unit's tables.
    private int _joinStart;

    private Binder(Schema schema, IReadOnlyDictionary<string, int> parameters, CollationRegistry collations, UserFunctionSet functions)
    {
        _schema = schema;
        _parameters = parameters;
        _collations = collations;
        _functions = functions;
    }

    /// <summary>
    /// Binds one statement, for the planner. Binding recurses as deep as the statement nests: call it inside
    /// <see cref="StackGuard.Run{T}"/> together with the planning of its result, so both move to a large stack when the
    /// statement is deep.
    /// </summary>
    /// <param name="statement">The parsed statement.</param>
    /// <param name="schema">The schema to bind against.</param>
    /// <param name="parameters">Parameter positions by normalized name.</param>
    /// <param name="collations">The database's collations.</param>
    /// <param name="functions">The functions registered from C# on the database.</param>
    /// <returns>The bound statement, for the planner.</returns>
    /// <exception cref="SharpCoreDBException">Unknown names, misuse of aggregates, unsupported statements.</exception>
    public static BoundStatement Bind(Statement statement, Schema schema, IReadOnlyDictionary<string, int> parameters, CollationRegistry collations, UserFunctionSet functions) =>
        new Binder(schema, parameters, collations, functions).BindStatement(statement);

    private int[] SlotWidths => [.. _slotWidths];

    private BoundStatement BindStatement(Statement statement) => statement switch
    {
        SelectStatement select => BindSelectStatement(select),
        InsertStatement or UpdateStatement or DeleteStatement => BindDmlStatement(statement),
        PragmaStatement pragma => BindPragma(pragma),
        CreateTableStatement or AlterTableStatement or DropColumnStatement or DropStatement or CreateIndexStatement or ReindexStatement =>
            BindSchemaChange(statement),

        // Run by the session (PlanKind.Maintenance); bound only under EXPLAIN.
        VacuumStatement => Rows([], []),
        ExplainStatement explain => BoundStatement.OfExplain(BindExplain(explain)),
        _ => BoundStatement.OfPlan(BindPlannedStatement(statement)),
    };

    // An INSERT, UPDATE or DELETE: bound into its bound change, its subqueries (and its trigger programs') collected
    // for the plan pass, which plans them after binding as it does a SELECT's.
    private BoundStatement BindDmlStatement(Statement statement)
    {
        // Without a WITH clause no closure is needed (preparing a statement allocates as little as it can).
        BoundDml dml = statement.With.IsDefaultOrEmpty
            ? WithReturning(statement, BindDml(statement))
            : InWithScope(statement, () => WithReturning(statement, BindDml(statement)));
        return BoundStatement.OfDml(dml, _schema, SlotWidths, _subqueries, _definitions);
    }

    private BoundDml BindDml(Statement statement) => statement switch
    {
        InsertStatement insert => BindInsert(insert),
        UpdateStatement update => BindUpdate(update),
        _ => BindDelete((DeleteStatement)statement),
    };

    // The statement kinds that need no planning: the binder builds their plan.
    private ExecutablePlan BindPlannedStatement(Statement statement) => statement switch
    {
        CreateViewStatement create => BindCreateView(create),
        RenameTableStatement rename => BindRenameTable(rename),
        RenameColumnStatement rename => BindRenameColumn(rename),
        BeginStatement => new TransactionControlPlan(_schema, PlanKind.Begin),
        CommitStatement => new TransactionControlPlan(_schema, PlanKind.Commit),
        RollbackStatement { ToSavepoint: null } => new TransactionControlPlan(_schema, PlanKind.Rollback),
        RollbackStatement or SavepointStatement or ReleaseStatement => new TransactionControlPlan(_schema, PlanKind.Savepoint),
        CreateTriggerStatement trigger => BindCreateTrigger(trigger),
        _ => throw SqlErrors.At(
            SharpCoreDBErrorCode.Unsupported, $"{Describe(statement)} is not supported", statement.Position),
    };

    private static string Describe(Statement statement) => statement switch
    {
        PragmaStatement => "PRAGMA",
        AnalyzeStatement => "ANALYZE",
        _ => statement.GetType().Name,
    };

    // The explained statement is bound here and planned by the plan pass, which prints its plan as the rows.
    private BoundExplain BindExplain(ExplainStatement explain)
    {
        BoundStatement inner = BindStatement(explain.Statement);
        int slot = NewSlot(1);
        return new BoundExplain(inner, _schema, SlotWidths, slot);
    }

    /// <summary>Enters one level of expression or query nesting; callers decrement <see cref="_nesting"/> when they leave.</summary>
    private void Nest()
    {
        if (++_nesting > StackGuard.ShallowDepth)
        {
            StackGuard.EnsureLargeStack();
        }

        StackGuard.EnsureRoom();
    }

    private int NewSlot(int width)
    {
        _slotWidths.Add(width);
        return _slotWidths.Count - 1;
    }

    private void SetSlotWidth(int slot, int width) => _slotWidths[slot] = width;
}
