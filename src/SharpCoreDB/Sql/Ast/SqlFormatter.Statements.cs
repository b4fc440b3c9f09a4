using System.Text;

namespace SharpCoreDB.Sql.Ast;

/// <content>Statement dispatch, schema statements and the small statements.</content>
internal static partial class SqlFormatter
{
    private static void AppendStatement(StringBuilder sb, Statement statement)
    {
        switch (statement)
        {
            case SelectStatement select:
                AppendSelect(sb, select);
                break;
            case InsertStatement insert:
                AppendInsert(sb, insert);
                break;
            case UpdateStatement update:
                AppendUpdate(sb, update);
                break;
            case DeleteStatement delete:
                AppendDelete(sb, delete);
                break;
            case CreateTableStatement createTable:
                AppendCreateTable(sb, createTable);
                break;
            case CreateIndexStatement createIndex:
                AppendCreateIndex(sb, createIndex);
                break;
            case CreateViewStatement createView:
                AppendCreateView(sb, createView);
                break;
            case CreateTriggerStatement createTrigger:
                AppendCreateTrigger(sb, createTrigger);
                break;
            case AlterTableStatement alter:
                sb.Append("ALTER TABLE ");
                AppendQualifiedName(sb, alter.Table);
                sb.Append(" ADD COLUMN ");
                AppendColumnDefinition(sb, alter.AddColumn);
                break;
            case RenameTableStatement rename:
                sb.Append("ALTER TABLE ");
                AppendQualifiedName(sb, rename.Table);
                sb.Append(" RENAME TO ");
                AppendIdentifier(sb, rename.NewName.Name);
                break;
            case RenameColumnStatement renameColumn:
                sb.Append("ALTER TABLE ");
                AppendQualifiedName(sb, renameColumn.Table);
                sb.Append(" RENAME COLUMN ");
                AppendIdentifier(sb, renameColumn.Column.Name);
                sb.Append(" TO ");
                AppendIdentifier(sb, renameColumn.NewName.Name);
                break;
            case DropColumnStatement dropColumn:
                sb.Append("ALTER TABLE ");
                AppendQualifiedName(sb, dropColumn.Table);
                sb.Append(" DROP COLUMN ");
                AppendIdentifier(sb, dropColumn.Column.Name);
                break;
            case DropStatement drop:
                sb.Append("DROP ").Append(drop.Kind switch
                {
                    SchemaObjectKind.Table => "TABLE ",
                    SchemaObjectKind.Index => "INDEX ",
                    SchemaObjectKind.View => "VIEW ",
                    _ => "TRIGGER ",
                });
                if (drop.IfExists)
                {
                    sb.Append("IF EXISTS ");
                }

                AppendQualifiedName(sb, drop.Name);
                break;
            case ReindexStatement reindex:
                AppendOptionalTarget(sb, "REINDEX", reindex.Target);
                break;
            case AnalyzeStatement analyze:
                AppendOptionalTarget(sb, "ANALYZE", analyze.Target);
                break;
            case BeginStatement begin:
                sb.Append(begin.Mode switch
                {
                    TransactionMode.Deferred => "BEGIN DEFERRED",
                    TransactionMode.Immediate => "BEGIN IMMEDIATE",
                    TransactionMode.Exclusive => "BEGIN EXCLUSIVE",
                    _ => "BEGIN",
                });
                break;
            case CommitStatement:
                sb.Append("COMMIT");
                break;
            case RollbackStatement rollback:
                sb.Append("ROLLBACK");
                if (rollback.ToSavepoint is { } target)
                {
                    sb.Append(" TO SAVEPOINT ");
                    AppendIdentifier(sb, target);
                }

                break;
            case SavepointStatement savepoint:
                sb.Append("SAVEPOINT ");
                AppendIdentifier(sb, savepoint.Name);
                break;
            case ReleaseStatement release:
                sb.Append("RELEASE SAVEPOINT ");
                AppendIdentifier(sb, release.Name);
                break;
            case ExplainStatement explain:
                sb.Append(explain.QueryPlan ? "EXPLAIN QUERY PLAN " : "EXPLAIN ");
                AppendStatement(sb, explain.Statement);
                break;
            case VacuumStatement vacuum:
                sb.Append("VACUUM");
                if (vacuum.Schema is not null)
                {
                    sb.Append(' ');
                    AppendIdentifier(sb, vacuum.Schema.Name);
                }

                if (vacuum.Into is not null)
                {
                    sb.Append(" INTO ");
                    AppendSignedValue(sb, vacuum.Into);
                }

                break;
            case PragmaStatement pragma:
                sb.Append("PRAGMA ");
                AppendQualifiedName(sb, pragma.Name);
                if (pragma.Value is not null)
                {
                    sb.Append(" = ");
                    AppendSignedValue(sb, pragma.Value);
                }

                break;
            default:
                throw new ArgumentException("Unknown statement type " + statement.GetType().Name + ".", nameof(statement));
        }
    }

    private static void AppendOptionalTarget(StringBuilder sb, string keyword, QualifiedName? target)
    {
        sb.Append(keyword);
        if (target is not null)
        {
            sb.Append(' ');
            AppendQualifiedName(sb, target);
        }
    }

    private static void AppendCreateTable(StringBuilder sb, CreateTableStatement create)
    {
        sb.Append(create.Temporary ? "CREATE TEMP TABLE " : "CREATE TABLE ");
        if (create.IfNotExists)
        {
            sb.Append("IF NOT EXISTS ");
        }

        AppendQualifiedName(sb, create.Name);
        if (create.AsSelect is not null)
        {
            sb.Append(" AS ");
            AppendSelect(sb, create.AsSelect);
            return;
        }

        sb.Append(" (");
        for (int i = 0; i < create.Columns.Length; i++)
        {
            if (i > 0)
            {
                sb.Append(", ");
            }

            AppendColumnDefinition(sb, create.Columns[i]);
        }

        foreach (TableConstraint constraint in create.Constraints)
        {
            sb.Append(", ");
            AppendTableConstraint(sb, constraint);
        }

        sb.Append(')');
        if (create.WithoutRowId)
        {
            sb.Append(" WITHOUT ROWID");
        }

        if (create.Strict)
        {
            sb.Append(create.WithoutRowId ? ", STRICT" : " STRICT");
        }
    }

    private static void AppendColumnDefinition(StringBuilder sb, ColumnDefinition column)
    {
        AppendIdentifier(sb, column.Name);
        if (column.Type is not null)
        {
            sb.Append(' ');
            AppendTypeName(sb, column.Type);
        }

        foreach (ColumnConstraint constraint in column.Constraints)
        {
            sb.Append(' ');
            AppendColumnConstraint(sb, constraint);
        }
    }

    private static void AppendConstraintName(StringBuilder sb, string? name)
    {
        if (name is not null)
        {
            sb.Append("CONSTRAINT ");
            AppendIdentifier(sb, name);
            sb.Append(' ');
        }
    }

    private static void AppendColumnConstraint(StringBuilder sb, ColumnConstraint constraint)
    {
        AppendConstraintName(sb, constraint.ConstraintName);
        switch (constraint)
        {
            case PrimaryKeyColumnConstraint primaryKey:
                sb.Append("PRIMARY KEY");
                AppendSortOrder(sb, primaryKey.Order);
                AppendConflict(sb, " ON CONFLICT ", primaryKey.OnConflict);
                if (primaryKey.AutoIncrement)
                {
                    sb.Append(" AUTOINCREMENT");
                }

                break;
            case NotNullColumnConstraint notNull:
                sb.Append("NOT NULL");
                AppendConflict(sb, " ON CONFLICT ", notNull.OnConflict);
                break;
            case UniqueColumnConstraint unique:
                sb.Append("UNIQUE");
                AppendConflict(sb, " ON CONFLICT ", unique.OnConflict);
                break;
            case CheckColumnConstraint check:
                sb.Append("CHECK (");
                AppendExpression(sb, check.Condition);
                sb.Append(')');
                break;
            case DefaultColumnConstraint defaultValue:
                sb.Append("DEFAULT ");
                if (defaultValue.Value is IntegerLiteral or RealLiteral or StringLiteral or BlobLiteral or NullLiteral
                    or BooleanLiteral or CurrentTimeLiteral)
                {
                    AppendSignedValue(sb, defaultValue.Value);
                }
                else
                {
                    sb.Append('(');
                    AppendExpression(sb, defaultValue.Value);
                    sb.Append(')');
                }

                break;
            case CollateColumnConstraint collate:
                sb.Append("COLLATE ");
                AppendIdentifier(sb, collate.Collation);
                break;
            case ReferencesColumnConstraint references:
                AppendForeignKey(sb, references.ForeignKey);
                break;
            case GeneratedColumnConstraint generated:
                sb.Append("GENERATED ALWAYS AS (");
                AppendExpression(sb, generated.Expression);
                sb.Append(generated.Stored ? ") STORED" : ")");
                break;
            default:
                throw new ArgumentException("Unknown column constraint type " + constraint.GetType().Name + ".", nameof(constraint));
        }
    }

    private static void AppendTableConstraint(StringBuilder sb, TableConstraint constraint)
    {
        AppendConstraintName(sb, constraint.ConstraintName);
        switch (constraint)
        {
            case PrimaryKeyTableConstraint primaryKey:
                sb.Append("PRIMARY KEY (");
                AppendIndexedColumns(sb, primaryKey.Columns);
                sb.Append(primaryKey.AutoIncrement ? " AUTOINCREMENT)" : ")");
                AppendConflict(sb, " ON CONFLICT ", primaryKey.OnConflict);
                break;
            case UniqueTableConstraint unique:
                sb.Append("UNIQUE (");
                AppendIndexedColumns(sb, unique.Columns);
                sb.Append(')');
                AppendConflict(sb, " ON CONFLICT ", unique.OnConflict);
                break;
            case CheckTableConstraint check:
                sb.Append("CHECK (");
                AppendExpression(sb, check.Condition);
                sb.Append(')');
                break;
            case ForeignKeyTableConstraint foreignKey:
                sb.Append("FOREIGN KEY ");
                AppendIdentifierList(sb, foreignKey.Columns);
                sb.Append(' ');
                AppendForeignKey(sb, foreignKey.ForeignKey);
                break;
            default:
                throw new ArgumentException("Unknown table constraint type " + constraint.GetType().Name + ".", nameof(constraint));
        }
    }

    private static void AppendForeignKey(StringBuilder sb, ForeignKeyClause foreignKey)
    {
        sb.Append("REFERENCES ");
        AppendIdentifier(sb, foreignKey.Table);
        if (foreignKey.Columns.Length > 0)
        {
            sb.Append(' ');
            AppendIdentifierList(sb, foreignKey.Columns);
        }

        AppendForeignKeyAction(sb, " ON DELETE ", foreignKey.OnDelete);
        AppendForeignKeyAction(sb, " ON UPDATE ", foreignKey.OnUpdate);
        if (foreignKey.Match is not null)
        {
            sb.Append(" MATCH ");
            AppendIdentifier(sb, foreignKey.Match);
        }

        if (foreignKey.InitiallyDeferred)
        {
            sb.Append(" DEFERRABLE INITIALLY DEFERRED");
        }
    }

    private static void AppendForeignKeyAction(StringBuilder sb, string prefix, ForeignKeyAction action)
    {
        if (action == ForeignKeyAction.Unspecified)
        {
            return;
        }

        sb.Append(prefix).Append(action switch
        {
            ForeignKeyAction.NoAction => "NO ACTION",
            ForeignKeyAction.Restrict => "RESTRICT",
            ForeignKeyAction.SetNull => "SET NULL",
            ForeignKeyAction.SetDefault => "SET DEFAULT",
            _ => "CASCADE",
        });
    }

    private static void AppendIndexedColumns(StringBuilder sb, System.Collections.Immutable.ImmutableArray<IndexedColumn> columns)
    {
        for (int i = 0; i < columns.Length; i++)
        {
            if (i > 0)
            {
                sb.Append(", ");
            }

            AppendIndexedColumn(sb, columns[i]);
        }
    }

    private static void AppendIndexedColumn(StringBuilder sb, IndexedColumn column)
    {
        AppendExpression(sb, column.Expression);
        if (column.Collation is not null)
        {
            sb.Append(" COLLATE ");
            AppendIdentifier(sb, column.Collation);
        }

        AppendSortOrder(sb, column.Order);
    }

    private static void AppendCreateIndex(StringBuilder sb, CreateIndexStatement create)
    {
        sb.Append(create.Unique ? "CREATE UNIQUE INDEX " : "CREATE INDEX ");
        if (create.IfNotExists)
        {
            sb.Append("IF NOT EXISTS ");
        }

        AppendQualifiedName(sb, create.Name);
        sb.Append(" ON ");
        AppendQualifiedName(sb, create.Table);
        sb.Append(" (");
        AppendIndexedColumns(sb, create.Columns);
        sb.Append(')');
        AppendWhere(sb, create.Where);
    }

    private static void AppendCreateView(StringBuilder sb, CreateViewStatement create)
    {
        sb.Append(create.Temporary ? "CREATE TEMP VIEW " : "CREATE VIEW ");
        if (create.IfNotExists)
        {
            sb.Append("IF NOT EXISTS ");
        }

        AppendQualifiedName(sb, create.Name);
        if (create.Columns.Length > 0)
        {
            sb.Append(' ');
            AppendIdentifierList(sb, create.Columns);
        }

        sb.Append(" AS ");
        AppendSelect(sb, create.Query);
    }

    private static void AppendCreateTrigger(StringBuilder sb, CreateTriggerStatement create)
    {
        sb.Append(create.Temporary ? "CREATE TEMP TRIGGER " : "CREATE TRIGGER ");
        if (create.IfNotExists)
        {
            sb.Append("IF NOT EXISTS ");
        }

        AppendQualifiedName(sb, create.Name);
        sb.Append(create.Timing switch
        {
            TriggerTiming.Before => " BEFORE",
            TriggerTiming.After => " AFTER",
            TriggerTiming.InsteadOf => " INSTEAD OF",
            _ => string.Empty,
        });
        sb.Append(create.Event switch
        {
            TriggerEvent.Delete => " DELETE",
            TriggerEvent.Insert => " INSERT",
            _ => " UPDATE",
        });
        if (create.UpdateColumns.Length > 0)
        {
            sb.Append(" OF ");
            for (int i = 0; i < create.UpdateColumns.Length; i++)
            {
                if (i > 0)
                {
                    sb.Append(", ");
                }

                AppendIdentifier(sb, create.UpdateColumns[i].Name);
            }
        }

        sb.Append(" ON ");
        AppendQualifiedName(sb, create.Table);
        if (create.ForEachRow)
        {
            sb.Append(" FOR EACH ROW");
        }

        if (create.When is not null)
        {
            sb.Append(" WHEN ");
            AppendExpression(sb, create.When);
        }

        sb.Append(" BEGIN");
        foreach (Statement statement in create.Body)
        {
            sb.Append(' ');
            AppendStatement(sb, statement);
            sb.Append(';');
        }

        sb.Append(" END");
    }
}
