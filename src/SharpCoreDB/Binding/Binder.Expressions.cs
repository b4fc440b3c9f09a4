using System.Collections.Immutable;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Aggregation;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Execution;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>Binding expressions: names, parameters, functions, aggregates and subqueries.</content>
internal sealed partial class Binder
{
    /// <summary>True when a call with this name and argument count is an aggregate.</summary>
    /// <param name="name">The function name.</param>
    /// <param name="argumentCount">The number of arguments.</param>
    /// <param name="isStar">True for f(*).</param>
    /// <returns>Whether it aggregates.</returns>
    public bool IsAggregate(string name, int argumentCount, bool isStar)
    {
        // A function registered from C# under this name and argument count replaces the built-in one.
        if (_functions.TryFind(name, isStar ? 0 : argumentCount, out UserFunction? user))
        {
            return user.IsAggregate;
        }

        if (isStar)
        {
            return string.Equals(name, "count", StringComparison.OrdinalIgnoreCase);
        }

        return AggregateFunctions.IsAggregate(name, argumentCount) && argumentCount > 0;
    }

    /// <summary>True when the expression calls an aggregate outside any subquery.</summary>
    /// <param name="expression">The expression, or null.</param>
    /// <returns>Whether it aggregates.</returns>
    private bool ContainsAggregate(SyntaxNode? expression)
    {
        bool found = false;
        SyntaxWalker.Walk(expression, node =>
        {
            if (found || node is SelectStatement)
            {
                return false;
            }

            // A window call is not an aggregation of the query, but what its arguments and window read may be.
            if (node is FunctionCallExpression { Over: null } call && IsAggregate(call.Name, call.Arguments.IsDefault ? 0 : call.Arguments.Length, call.IsStar))
            {
                found = true;
                return false;
            }

            return true;
        });
        return found;
    }

    /// <summary>True when the expression holds a subquery (scalar, IN or EXISTS).</summary>
    /// <param name="expression">The expression.</param>
    /// <returns>Whether it does.</returns>
    private static bool ContainsSubquery(Expression expression)
    {
        bool found = false;
        SyntaxWalker.Walk(expression, node =>
        {
            found |= node is SelectStatement;
            return !found;
        });
        return found;
    }

    private Expr BindExpr(Expression expression, Scope scope)
    {
        Nest();
        try
        {
            return BindExprNested(expression, scope);
        }
        finally
        {
            _nesting--;
        }
    }

    private Expr BindExprNested(Expression expression, Scope scope)
    {
        switch (expression)
        {
            case IntegerLiteral i:
                return new LiteralExpr(SqlValue.FromInt64(i.Value));
            case RealLiteral r:
                return new LiteralExpr(SqlValue.FromDouble(r.Value));
            case StringLiteral s:
                return new LiteralExpr(SqlValue.FromText(s.Value));
            case BlobLiteral b:
                return new LiteralExpr(SqlValue.FromBlob(b.Value.IsDefault ? [] : b.Value.ToArray()));
            case NullLiteral:
                return new LiteralExpr(SqlValue.Null);
            case BooleanLiteral b:
                return new LiteralExpr(SqlValue.FromInt64(b.Value ? 1 : 0));
            case CurrentTimeLiteral t:
                return BindCurrentTime(t);
            case ParameterExpression p:
                return _root is null
                    ? BindParameter(p)
                    : throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "trigger programs cannot use parameters", p.Position);
            case ColumnReference c:
                return ResolveColumn(c, scope, _columnResolved);
            case UnaryExpression { Operator: UnaryOperator.Negate, Operand: RealLiteral negated }:
                // SQLite writes a negated real literal as the negative constant, so -0.0 keeps its sign (0 - 0.0,
                // what negation computes otherwise, is +0.0).
                return new LiteralExpr(SqlValue.FromDouble(-negated.Value));
            case UnaryExpression u:
                Expr operand = BindExpr(u.Operand, scope);
                return u.Operator == UnaryOperator.Not ? new NotExpr(operand) : new UnaryExpr(u.Operator, operand);
            case BinaryExpression b:
                return BindBinary(b, scope);
            case BetweenExpression b:
                return new BetweenExpr(BindExpr(b.Operand, scope), BindExpr(b.Low, scope), BindExpr(b.High, scope), b.Negated);
            case InListExpression i:
                return new InListExpr(BindScalarOperand(i.Operand, scope), BindAll(i.Items, scope), i.Negated);
            case InSubqueryExpression i:
                return new InSubqueryExpr(BindScalarOperand(i.Operand, scope), BindSubquery(i.Query, scope, i.Position), i.Negated);
            case InTableExpression i:
                return new InSubqueryExpr(BindScalarOperand(i.Operand, scope), BindSubquery(SelectAllFrom(i.Table), scope, i.Position), i.Negated);
            case ExistsExpression e:
                return new ExistsExpr(BindSubquery(e.Query, scope, e.Position, anyWidth: true));
            case SubqueryExpression s:
                return new SubqueryExpr(BindSubquery(s.Query, scope, s.Position));
            case CaseExpression c:
                return BindCase(c, scope);
            case CastExpression c:
                string typeName = TypeNames.Format(c.Type);
                // Only a column without a type has BLOB affinity; a CAST to no type name converts as NUMERIC, as in
                // SQLite.
                Affinity castAffinity = typeName.Length == 0
                    ? Affinity.Numeric
                    : AffinityRules.WithDeclaredType(AffinityRules.FromTypeName(typeName), TypeNames.DeclaredTypeOf(c.Type));
                return new CastExpr(BindExpr(c.Operand, scope), typeName, castAffinity, TypeNames.DeclaredTypeOf(c.Type));
            case FunctionCallExpression f:
                return BindFunction(f, scope);
            case IsNullExpression i:
                return new IsNullExpr(BindExpr(i.Operand, scope), i.Negated);
            case LikeExpression l:
                return BindLike(l, scope);
            case CollateExpression c:
                return new CollateExpr(BindExpr(c.Operand, scope), ResolveCollation(c.Collation, c.Position));
            case RowValueExpression r when r.Items.Length == 1:
                return BindExpr(r.Items[0], scope);
            case RowValueExpression r:
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "row values are not supported", r.Position);
            case RaiseExpression r:
                return _root is null
                    ? throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "RAISE() may only be used within a trigger program", r.Position)
                    : new RaiseExpr(r.Action, r.Message);
            default:
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"unsupported expression {expression}", expression.Position);
        }
    }

    private Expr[] BindAll(ImmutableArray<Expression> expressions, Scope scope)
    {
        if (expressions.IsDefaultOrEmpty)
        {
            return [];
        }

        var bound = new Expr[expressions.Length];
        for (int i = 0; i < bound.Length; i++)
        {
            bound[i] = BindExpr(expressions[i], scope);
        }

        return bound;
    }

    private Expr BindScalarOperand(Expression operand, Scope scope)
    {
        if (operand is RowValueExpression { Items.Length: > 1 } row)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "row values are not supported on the left of IN", row.Position);
        }

        return BindExpr(operand, scope);
    }

    private ParameterExpr BindParameter(ParameterExpression parameter)
    {
        string name = ParameterNames.Normalize(parameter);
        if (!_parameters.TryGetValue(name, out int index))
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.MissingParameter, $"no value for parameter {parameter.Name ?? "?"}", parameter.Position);
        }

        return new ParameterExpr(index, parameter.Name ?? name);
    }

    private static FunctionExpr BindCurrentTime(CurrentTimeLiteral literal)
    {
        string format = literal.Kind switch
        {
            CurrentTimeKind.Date => "yyyy-MM-dd",
            CurrentTimeKind.Time => "HH:mm:ss",
            _ => "yyyy-MM-dd HH:mm:ss",
        };
        string name = literal.Kind switch
        {
            CurrentTimeKind.Date => "CURRENT_DATE",
            CurrentTimeKind.Time => "CURRENT_TIME",
            _ => "CURRENT_TIMESTAMP",
        };
        var function = new ScalarFunction(
            name,
            0,
            0,
            (_, _) => SqlValue.FromText(DateTime.UtcNow.ToString(format, System.Globalization.CultureInfo.InvariantCulture)),
            deterministic: false);
        return new FunctionExpr(function, []);
    }

    private Expr BindBinary(BinaryExpression binary, Scope scope)
    {
        // IS [NOT] TRUE / FALSE with the keyword on the right tests the truth value, as in SQLite.
        if (binary is { Operator: BinaryOperator.Is or BinaryOperator.IsNot, Right: BooleanLiteral truth })
        {
            return new TruthTestExpr(BindExpr(binary.Left, scope), truth.Value, binary.Operator == BinaryOperator.IsNot);
        }

        Expr left = BindExpr(binary.Left, scope);
        Expr right = BindExpr(binary.Right, scope);
        return binary.Operator switch
        {
            BinaryOperator.And => new LogicalExpr(true, left, right),
            BinaryOperator.Or => new LogicalExpr(false, left, right),
            BinaryOperator.Equal or BinaryOperator.NotEqual or BinaryOperator.Is or BinaryOperator.IsNot
                or BinaryOperator.Less or BinaryOperator.LessOrEqual or BinaryOperator.Greater or BinaryOperator.GreaterOrEqual
                => new ComparisonExpr(binary.Operator, left, right),
            _ => new ArithmeticExpr(binary.Operator, left, right),
        };
    }

    private CaseExpr BindCase(CaseExpression expression, Scope scope)
    {
        Expr? operand = expression.Operand is null ? null : BindExpr(expression.Operand, scope);
        var conditions = new Expr[expression.WhenClauses.Length];
        var results = new Expr[expression.WhenClauses.Length];
        for (int i = 0; i < conditions.Length; i++)
        {
            conditions[i] = BindExpr(expression.WhenClauses[i].Condition, scope);
            results[i] = BindExpr(expression.WhenClauses[i].Result, scope);
        }

        Expr? otherwise = expression.Else is null ? null : BindExpr(expression.Else, scope);
        return new CaseExpr(operand, conditions, results, otherwise);
    }

    private LikeExpr BindLike(LikeExpression like, Scope scope)
    {
        if (like.Operator is LikeOperator.Regexp or LikeOperator.Match)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"the {(like.Operator == LikeOperator.Regexp ? "REGEXP" : "MATCH")} operator is not supported", like.Position);
        }

        bool glob = like.Operator == LikeOperator.Glob;
        if (glob && like.Escape is not null)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "GLOB does not take an ESCAPE clause", like.Escape.Position);
        }

        return new LikeExpr(
            BindExpr(like.Operand, scope),
            BindExpr(like.Pattern, scope),
            like.Escape is null ? null : BindExpr(like.Escape, scope),
            like.Negated,
            glob);
    }

    private Expr BindFunction(FunctionCallExpression call, Scope scope)
    {
        int count = call.Arguments.IsDefault ? 0 : call.Arguments.Length;
        string name = call.Name;

        // An ORDER BY inside the parentheses belongs to a plain aggregate call only (a window call orders by OVER).
        if (!call.OrderBy.IsEmpty && (call.Over is not null || !IsAggregate(name, count, call.IsStar)))
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"ORDER BY may not be used with non-aggregate {name}()", call.Position);
        }

        if (call.Over is not null)
        {
            return WindowCalls.Bind(call, scope, count);
        }

        if (WindowBinder.IsWindowOnly(name))
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"misuse of window function {name}()", call.Position);
        }

        if (IsAggregate(name, count, call.IsStar))
        {
            return BindAggregate(call, scope, count);
        }

        if (call.Filter is not null)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"FILTER may not be used with non-aggregate {name}()", call.Position);
        }

        if (call.IsStar || call.Distinct)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"{(call.IsStar ? "*" : "DISTINCT")} is only allowed in aggregate functions, not in {name}()", call.Position);
        }

        if (_functions.TryFind(name, count, out UserFunction? user))
        {
            return user.Scalar is { } scalar
                ? new FunctionExpr(scalar, BindAll(call.Arguments, scope))
                : throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"no such function: {name}", call.Position);
        }

        if (ConnectionCounterExpr.TryParse(name, out ConnectionCounterExpr.Counter counter))
        {
            // Not a ScalarFunction: the value belongs to the connection, not to the arguments.
            return count == 0
                ? new ConnectionCounterExpr(counter)
                : throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"wrong number of arguments to function {name}()", call.Position);
        }

        ScalarFunction function;
        try
        {
            function = ScalarFunctions.Resolve(name, count);
        }
        catch (SharpCoreDBException e)
        {
            throw SqlErrors.At(e.ErrorCode, e.Message, call.Position);
        }

        Expr[] arguments = BindAll(call.Arguments, scope);
        switch (function.Lazy)
        {
            case LazyEvaluation.FirstNonNull:
                return new CoalesceExpr(function.Name, arguments);
            case LazyEvaluation.Conditional:
                {
                    // iif(c1, v1 [, c2, v2 ...] [, else]) is a searched CASE.
                    int pairs = arguments.Length / 2;
                    var conditions = new Expr[pairs];
                    var results = new Expr[pairs];
                    for (int i = 0; i < pairs; i++)
                    {
                        conditions[i] = arguments[2 * i];
                        results[i] = arguments[(2 * i) + 1];
                    }

                    return new CaseExpr(null, conditions, results, arguments.Length % 2 == 1 ? arguments[^1] : null);
                }

            default:
                return new FunctionExpr(function, arguments);
        }
    }

    private ColumnExpr BindAggregate(FunctionCallExpression call, Scope scope, int count)
    {
        if (OuterOwner(call, scope) is { } owner)
        {
            // As in SQLite, an aggregate whose arguments read only an enclosing query's columns is that query's.
            if (owner.Aggregation is { InsideAggregate: false })
            {
                ColumnExpr result = BindAggregate(call, owner, count);
                for (Scope? inner = scope; inner != owner; inner = inner!.Parent)
                {
                    inner!.OuterSlots.Add(result.Slot);
                }

                scope.MovedAggregates++;
                return result;
            }

            if (owner.Aggregation is null && owner.BindingResults)
            {
                throw new OuterAggregateFound(owner);
            }

            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"misuse of aggregate function {call.Name}()", call.Position);
        }

        AggregateBinding? aggregation = scope.Aggregation;
        if (aggregation is null || aggregation.InsideAggregate)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"misuse of aggregate function {call.Name}()", call.Position);
        }

        string lower = call.Name.ToLowerInvariant();
        if (call.Distinct && count != 1)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"DISTINCT aggregates must have exactly one argument ({call.Name})", call.Position);
        }

        Expr[] arguments;
        Expr? filter;
        var orderBy = new Expr[call.OrderBy.Length];
        var orderKeys = new SortKey[call.OrderBy.Length];
        aggregation.InsideAggregate = true;
        try
        {
            arguments = call.IsStar ? [] : BindAll(call.Arguments, scope);
            filter = call.Filter is null ? null : BindExpr(call.Filter, scope);

            // The sort keys follow the arguments in the rows the ordered accumulator buffers.
            for (int i = 0; i < orderBy.Length; i++)
            {
                orderBy[i] = BindExpr(call.OrderBy[i].Expression, scope);
                orderKeys[i] = SortKeyOf(call.OrderBy[i], arguments.Length + i, orderBy[i].Collation);
            }
        }
        finally
        {
            aggregation.InsideAggregate = false;
        }

        _functions.TryFind(call.Name, count, out UserFunction? user);
        int index = aggregation.AddAggregate(new AggregateSpec(lower, arguments, call.Distinct, call.IsStar) { Filter = filter, OrderBy = orderBy, OrderKeys = orderKeys, User = user });
        Affinity affinity = Affinity.None;
        // An aggregate's value has no column collation (SQLite's sqlite3ExprCollSeq finds none on TK_AGG_FUNCTION).
        return new ColumnExpr(aggregation.AggregateSlot, index, call.ToString(), affinity, SqlDeclaredType.None, string.Empty) { ColumnCollation = null };
    }

    // The enclosing level an aggregate call belongs to: the innermost level whose columns its arguments read, when
    // that is not the call's own level; null when it is, or when they read no column (count(*)).
    private static Scope? OuterOwner(FunctionCallExpression call, Scope scope)
    {
        int innermost = int.MaxValue;
        void Visit(SyntaxNode? node) => SyntaxWalker.Walk(node, child =>
        {
            if (child is SelectStatement)
            {
                return false;
            }

            if (child is ColumnReference reference)
            {
                // A column found nowhere counts as the call's own level: the binding itself reports it.
                int level = 0;
                Scope? current = scope;
                while (current is not null && !TryFindColumn(current, reference, out _, out _))
                {
                    current = current.Parent;
                    level++;
                }

                innermost = Math.Min(innermost, current is null ? 0 : level);
            }

            return true;
        });

        if (!call.Arguments.IsDefault)
        {
            foreach (Expression argument in call.Arguments)
            {
                Visit(argument);
            }
        }

        Visit(call.Filter);
        foreach (OrderingTerm term in call.OrderBy)
        {
            Visit(term.Expression);
        }

        if (innermost is 0 or int.MaxValue)
        {
            return null;
        }

        Scope owner = scope;
        for (int i = 0; i < innermost; i++)
        {
            owner = owner.Parent!;
        }

        return owner;
    }

    private static Expr ResolveColumn(ColumnReference reference, Scope scope, Action<ColumnReference, SourceBinding, SourceColumn>? resolved = null)
    {
        for (Scope? current = scope; current is not null; current = current.Parent)
        {
            if (!TryFindColumn(current, reference, out SourceBinding? source, out SourceColumn? column))
            {
                continue;
            }

            resolved?.Invoke(reference, source!, column!);
            string display = reference.Table is null ? column!.Name : source!.Name + "." + column!.Name;
            Expr result = ColumnOf(scope, current, source!, column, display);
            if (reference.Table is null && source!.CoalescedWith(column.Name) is { Count: > 0 } partners)
            {
                var arguments = new List<Expr>(partners.Count + 1) { result };
                foreach ((SourceBinding partnerSource, SourceColumn partner) in partners)
                {
                    arguments.Add(ColumnOf(scope, current, partnerSource, partner, display));
                }

                result = new CoalesceExpr("coalesce", arguments);
            }

            return result;
        }

        string name = reference.Table is null ? reference.Column : reference.Table + "." + reference.Column;
        throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"no such column: {name}", reference.Position);
    }

    // A column of a source found in scope current, read from scope: through the aggregation's captures when
    // current aggregates, and noted as an outer slot of every scope in between.
    private static ColumnExpr ColumnOf(Scope scope, Scope current, SourceBinding source, SourceColumn column, string display)
    {
        source.MarkUsed(column.Index);
        ColumnExpr result = ColumnRef(source.Slot, column.Index, column, display);
        if (current.Aggregation is { InsideAggregate: false } aggregation)
        {
            int captured = aggregation.Capture(result);
            result = ColumnRef(aggregation.CaptureSlot, captured, column, display);
        }

        for (Scope? inner = scope; inner != current; inner = inner!.Parent)
        {
            inner!.OuterSlots.Add(result.Slot);
        }

        return result;
    }

    // A column of a FROM source read at a slot, with the column's type and collation.
    private static ColumnExpr ColumnRef(int slot, int index, SourceColumn column, string display) =>
        new(slot, index, display, column.Affinity, column.DeclaredType, column.DeclaredTypeName) { ColumnCollation = column.Collation };

    // SQLite's lookupName: every FROM item (of that name, when qualified) with the column counts; two are ambiguous
    // unless the column is merged by USING or NATURAL, where the first source wins. A qualifier that names FROM items
    // none of which has the column is "no such column: t.c".
    private static bool TryFindColumn(Scope scope, ColumnReference reference, out SourceBinding? source, out SourceColumn? column)
    {
        source = null;
        column = null;
        bool named = false;
        foreach (SourceBinding candidate in scope.Sources)
        {
            SourceColumn? found;
            if (reference.Table is not null)
            {
                if (!string.Equals(candidate.Name, reference.Table, StringComparison.OrdinalIgnoreCase))
                {
                    continue;
                }

                named = true;
                found = candidate.Find(reference.Column);
            }
            else
            {
                found = candidate.QualifiedOnly ? null : candidate.Find(reference.Column);
            }

            if (found is null)
            {
                continue;
            }

            if (source is not null)
            {
                // A column merged by USING or NATURAL is the same value on both sides: the first source wins.
                if (candidate.MergedColumns.Contains(reference.Column))
                {
                    continue;
                }

                string shown = reference.Table is null ? reference.Column : $"{reference.Table}.{reference.Column}";
                throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"ambiguous column name: {shown}", reference.Position);
            }

            source = candidate;
            column = found;
        }

        if (source is null && named)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"no such column: {reference.Table}.{reference.Column}", reference.Position);
        }

        return source is not null;
    }

    private SubqueryPlan BindSubquery(SelectStatement query, Scope scope, SourcePosition position, bool anyWidth = false)
    {
        BoundQuery bound = BindQuery(query, scope);
        if (!anyWidth && bound.Columns.Count != 1)
        {
            throw SqlErrors.At(
                SharpCoreDBErrorCode.Unsupported,
                $"sub-select returns {bound.Columns.Count} columns - expected 1",
                position);
        }

        var plan = new SubqueryPlan(bound.Slot, bound.Columns.Count, bound.OuterSlots, bound.Columns[0].Affinity)
        {
            FirstCollation = bound.Columns[0].Collation,
            FirstHasExplicitCollation = bound.Columns[0].HasExplicitCollation,
        };
        // A statement is planned after binding, as a whole: the plan pass gives the subquery its operators.
        (_subqueries ??= []).Add(new BoundSubquery(plan, bound.Relation));
        return plan;
    }

    private static SelectStatement SelectAllFrom(QualifiedName table)
    {
        SourcePosition position = table.Position;
        var core = new SelectCore(
            position,
            false,
            [new StarResultColumn(position, null)],
            new FromClause(position, new TableReference(position, table, null, null, false), []),
            null,
            [],
            null);
        return new SelectStatement(position, core, [], null, null);
    }
}
