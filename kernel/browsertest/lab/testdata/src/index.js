// A JupyterLab 4 notebook front end assembled from the @jupyterlab/* npm
// packages: one notebook panel (the path comes from the page config) with
// Lab's own toolbar, CodeMirror 6 editors, the kernel and context completers,
// the inspection tooltip (Shift-Tab), MathJax 3, marked Markdown, and the
// Jupyter widget manager (@jupyter-widgets/jupyterlab-manager 5) — the parts
// of JupyterLab a notebook user touches, without the application shell.
//
// window.gophernoteLab is the handle the playwright checks use (see
// ../lab.js): the panel and registries, plus small helpers to edit, run and
// read cells through the same model APIs the UI uses.

import '@jupyterlab/theme-light-extension/style/theme.css';
import '@jupyterlab/notebook/style/index.js';
import '@jupyterlab/completer/style/index.js';
import '@jupyterlab/tooltip/style/index.js';
import '@jupyterlab/docmanager/style/index.js';
import '@jupyterlab/rendermime/style/index.js';
import '@jupyterlab/debugger/style/index.js';
import './index.css';

import { SessionContextDialogs, Toolbar as AppToolbar } from '@jupyterlab/apputils';
import {
  CodeMirrorEditorFactory,
  CodeMirrorMimeTypeService,
  EditorExtensionRegistry,
  EditorLanguageRegistry,
  EditorThemeRegistry,
  ybinding
} from '@jupyterlab/codemirror';
import {
  CompletionProviderManager,
  ContextCompleterProvider,
  KernelCompleterProvider
} from '@jupyterlab/completer';
import { PageConfig, Text } from '@jupyterlab/coreutils';
import { DocumentManager } from '@jupyterlab/docmanager';
import { DocumentRegistry } from '@jupyterlab/docregistry';
import { createMarkdownParser } from '@jupyterlab/markedparser-extension';
import { MathJaxTypesetter } from '@jupyterlab/mathjax-extension';
import {
  NotebookActions,
  NotebookModelFactory,
  NotebookPanel,
  NotebookTracker,
  NotebookWidgetFactory,
  StaticNotebook,
  ToolbarItems
} from '@jupyterlab/notebook';
import { RenderMimeRegistry, standardRendererFactories } from '@jupyterlab/rendermime';
import { ServiceManager } from '@jupyterlab/services';
import { Tooltip } from '@jupyterlab/tooltip';
import { CommandRegistry } from '@lumino/commands';
import { Signal } from '@lumino/signaling';
import { BoxPanel, Widget } from '@lumino/widgets';
import widgetPlugins, { WidgetRenderer } from '@jupyter-widgets/jupyterlab-manager';
import debuggerPlugins from '@jupyterlab/debugger-extension';
import { nullTranslator } from '@jupyterlab/translation';

const WIDGET_VIEW = 'application/vnd.jupyter.widget-view+json';

async function main() {
  const services = new ServiceManager({ standby: 'never' });
  await services.ready;

  const commands = new CommandRegistry();
  document.addEventListener('keydown', (ev) => commands.processKeydownEvent(ev), true);

  // CodeMirror 6 with Lab's default languages (Go among them: the kernel's
  // language_info.codemirror_mode picks it), extensions and themes.
  const languages = new EditorLanguageRegistry();
  for (const lang of EditorLanguageRegistry.getDefaultLanguages()) {
    languages.addLanguage(lang);
  }
  const themes = new EditorThemeRegistry();
  for (const theme of EditorThemeRegistry.getDefaultThemes()) {
    themes.addTheme(theme);
  }
  const extensions = new EditorExtensionRegistry();
  for (const ext of EditorExtensionRegistry.getDefaultExtensions({ themes })) {
    extensions.addExtension(ext);
  }
  // Collaborative-model binding: keeps the editor and the cell model in sync.
  extensions.addExtension({
    name: 'shared-model-binding',
    factory: (options) => {
      const shared = options.model.sharedModel;
      return EditorExtensionRegistry.createImmutableExtension(
        ybinding({ ytext: shared.ysource, undoManager: shared.undoManager ?? undefined })
      );
    }
  });
  const editorFactory = new CodeMirrorEditorFactory({ extensions, languages });
  const mimeTypeService = new CodeMirrorMimeTypeService(languages);

  const rendermime = new RenderMimeRegistry({
    initialFactories: standardRendererFactories,
    latexTypesetter: new MathJaxTypesetter(),
    markdownParser: createMarkdownParser(languages)
  });

  // The widget manager: jupyterlab-manager's own plugins, activated with
  // the pieces they need (a tracker of notebook panels, the commands).
  const tracker = new NotebookTracker({ namespace: 'notebook' });
  const app = { commands, shell: { widgets: () => [][Symbol.iterator]() } };
  const [managerPlugin, ...modulePlugins] = widgetPlugins;
  const widgetRegistry = managerPlugin.activate(app, rendermime, tracker, null, null, null, null, null);
  for (const plugin of modulePlugins) {
    plugin.activate(app, widgetRegistry);
  }

  const opened = new Signal({});
  const docRegistry = new DocumentRegistry();
  const sessionDialogs = new SessionContextDialogs();
  const docManager = new DocumentManager({
    registry: docRegistry,
    manager: services,
    opener: { open: () => undefined, opened },
    sessionDialogs
  });
  docRegistry.addModelFactory(new NotebookModelFactory({}));
  const widgetFactory = new NotebookWidgetFactory({
    name: 'Notebook',
    modelName: 'notebook',
    fileTypes: ['notebook'],
    defaultFor: ['notebook'],
    preferKernel: true,
    canStartKernel: true,
    rendermime,
    contentFactory: new NotebookPanel.ContentFactory({ editorFactory: editorFactory.newInlineEditor }),
    mimeTypeService,
    // Every cell stays in the DOM so the checks can read all outputs.
    notebookConfig: { ...StaticNotebook.defaultNotebookConfig, windowingMode: 'none' },
    toolbarFactory: (panel) => [
      ...ToolbarItems.getDefaultItems(panel, sessionDialogs),
      { name: 'kernelStatus', widget: AppToolbar.createKernelStatusItem(panel.sessionContext) }
    ]
  });
  docRegistry.addWidgetFactory(widgetFactory);

  const path = PageConfig.getOption('notebookPath');
  const panel = docManager.open(path);
  panel.id = panel.id || 'gophernote-notebook';
  opened.emit(panel);

  const root = new BoxPanel({ direction: 'left-to-right' });
  root.id = 'main';
  root.addClass('jp-ThemedContainer'); // Lab 4.4+: theme variables live under this class
  root.addWidget(panel);
  BoxPanel.setStretch(panel, 1);

  // JupyterLab's debugger: @jupyterlab/debugger-extension's own plugins,
  // activated in dependency order with the pieces of the application they
  // use (commands, the kernel specs, a shell whose right area is a side
  // bar beside the notebook). The notebook toolbar gets the debugger's
  // toggle when the kernelspec says metadata.debugger.
  const debuggerById = Object.fromEntries(debuggerPlugins.map((p) => [p.id.split(':')[1], p]));
  const sideArea = new BoxPanel({ direction: 'top-to-bottom' });
  sideArea.id = 'gophernote-debugger-area';
  sideArea.node.style.width = '360px';
  sideArea.node.style.minWidth = '360px';
  const mainExtra = [];
  const debugShell = {
    add: (widget, area) => {
      if (area === 'right') {
        sideArea.addWidget(widget);
        root.addWidget(sideArea);
        BoxPanel.setStretch(sideArea, 0);
      } else {
        mainExtra.push(widget);
      }
    },
    widgets: (area) => (area === 'main' ? [panel, ...mainExtra] : [])[Symbol.iterator](),
    activateById: () => undefined,
    currentWidget: panel,
    currentChanged: new Signal({})
  };
  const debugApp = { commands, shell: debugShell, serviceManager: services };
  const editorServices = { factoryService: editorFactory, mimeTypeService };
  const activate = (name, ...deps) => debuggerById[name].activate(debugApp, ...deps);
  const dbgConfig = activate('config');
  const dbgDisplay = activate('display-registry');
  const dbgSources = activate('sources', dbgConfig, editorServices, tracker, null, null);
  const dbgService = activate('service', dbgConfig, dbgDisplay, dbgSources, nullTranslator, editorServices);
  const dbgHandler = await activate('notebooks', dbgService, tracker, null, null, sessionDialogs, null, nullTranslator, dbgDisplay);
  const dbgSidebar = await activate('sidebar', dbgService, editorServices, nullTranslator, null, null);
  activate('variables', dbgService, dbgHandler, nullTranslator, null, rendermime);
  const dbgViewer = await activate('source-viewer', dbgService, editorServices, dbgSources, nullTranslator, null);
  await activate('main', dbgService, dbgSidebar, editorServices, nullTranslator, null, { currentWidget: null }, null, dbgViewer, null, null, null);

  Widget.attach(root, document.body);
  window.addEventListener('resize', () => root.update());
  await tracker.add(panel);

  // Completion: the kernel's completions, then words in the notebook.
  const completion = new CompletionProviderManager();
  // Lab's settings defaults (completer-extension's schema); without a
  // timeout every provider times out at once.
  completion.setTimeout(1000);
  completion.setShowDocumentationPanel(false);
  completion.autoCompletion = false;
  completion.registerProvider(new KernelCompleterProvider());
  completion.registerProvider(new ContextCompleterProvider());
  // As @jupyterlab/completer-extension: follow the active cell once its
  // editor is ready.
  const updateCompleter = async () => {
    const cell = panel.content.activeCell;
    if (cell) {
      await cell.ready;
    }
    if (cell === panel.content.activeCell) {
      await completion.updateCompleter({
        widget: panel,
        editor: cell?.editor ?? null,
        session: panel.sessionContext.session
      });
    }
  };
  panel.content.activeCellChanged.connect(updateCompleter);
  panel.sessionContext.sessionChanged.connect(updateCompleter);
  panel.sessionContext.ready.then(updateCompleter);

  // The inspection tooltip, as @jupyterlab/tooltip-extension launches it.
  let tooltip = null;
  const dismissTooltip = () => {
    if (tooltip) {
      tooltip.dispose();
      tooltip = null;
    }
  };
  const launchTooltip = async () => {
    dismissTooltip();
    const cell = panel.content.activeCell;
    const kernel = panel.sessionContext.session?.kernel;
    if (!cell || !kernel) {
      return;
    }
    const editor = cell.editor;
    const code = editor.model.sharedModel.getSource();
    const offset = Text.jsIndexToCharIndex(editor.getOffsetAt(editor.getCursorPosition()), code);
    const reply = await kernel.requestInspect({ code, cursor_pos: offset, detail_level: 0 });
    const content = reply.content;
    if (content.status !== 'ok' || !content.found) {
      return;
    }
    tooltip = new Tooltip({ anchor: panel.content, bundle: content.data, editor, rendermime });
    Widget.attach(tooltip, document.body);
  };

  const cmd = (id, execute) => commands.addCommand(id, { execute });
  cmd('notebook:run-cell-and-select-next', () =>
    NotebookActions.runAndAdvance(panel.content, panel.sessionContext, sessionDialogs));
  cmd('notebook:run-cell', () => NotebookActions.run(panel.content, panel.sessionContext, sessionDialogs));
  cmd('notebook:enter-edit-mode', () => { panel.content.mode = 'edit'; });
  cmd('notebook:enter-command-mode', () => { dismissTooltip(); panel.content.mode = 'command'; });
  cmd('notebook:save', () => panel.context.save());
  cmd('notebook:interrupt-kernel', () => panel.sessionContext.session?.kernel?.interrupt());
  cmd('notebook:restart-kernel', () => sessionDialogs.restart(panel.sessionContext));
  cmd('completer:invoke-notebook', () => {
    if (panel.content.activeCell?.model.type === 'code') {
      return completion.invoke(panel.id);
    }
  });
  cmd('completer:select-notebook', () => completion.select(panel.id));
  cmd('tooltip:launch-notebook', launchTooltip);
  cmd('tooltip:dismiss', dismissTooltip);
  const editMode = '.jp-Notebook.jp-mod-editMode';
  const commandMode = '.jp-Notebook.jp-mod-commandMode:focus';
  for (const [selector, keys, command] of [
    ['.jp-Notebook:focus', ['Shift Enter'], 'notebook:run-cell-and-select-next'],
    ['.jp-Notebook.jp-mod-editMode', ['Shift Enter'], 'notebook:run-cell-and-select-next'],
    ['.jp-Notebook.jp-mod-editMode', ['Accel Enter'], 'notebook:run-cell'],
    [commandMode, ['Enter'], 'notebook:enter-edit-mode'],
    [editMode, ['Escape'], 'notebook:enter-command-mode'],
    ['.jp-Notebook', ['Accel S'], 'notebook:save'],
    [commandMode, ['I', 'I'], 'notebook:interrupt-kernel'],
    [commandMode, ['0', '0'], 'notebook:restart-kernel'],
    [`${editMode} .jp-mod-completer-enabled`, ['Tab'], 'completer:invoke-notebook'],
    ['.jp-mod-completer-active', ['Enter'], 'completer:select-notebook'],
    [`${editMode} .jp-InputArea-editor:not(.jp-mod-has-primary-selection):not(.jp-mod-in-leading-whitespace):not(.jp-mod-completer-active)`,
      ['Shift Tab'], 'tooltip:launch-notebook'],
    ['body.jp-mod-tooltip .jp-Notebook', ['Escape'], 'tooltip:dismiss']
  ]) {
    commands.addKeyBinding({ selector, keys, command });
  }

  window.gophernoteLab = {
    panel,
    debugger: { service: dbgService, sidebar: dbgSidebar, handler: dbgHandler },
    rendermime,
    widgetRegistry,
    commands,
    completion,
    ready: false,
    /**
     * The widget manager bound to this notebook: the one the notebook's
     * widget-view renderer factory hands its renderers (undefined when
     * none is bound within 10 s).
     */
    async widgetManager() {
      const r = panel.content.rendermime.createRenderer(WIDGET_VIEW);
      if (!(r instanceof WidgetRenderer)) {
        return undefined;
      }
      // WidgetRenderer only has a setter; it resolves this promise with the manager.
      const timeout = new Promise((resolve) => setTimeout(resolve, 10000));
      const manager = await Promise.race([r._manager.promise, timeout]);
      r.dispose();
      return manager;
    },
    /** Code cells as {index, source, executionCount, outputs: nbformat outputs}. */
    cells() {
      return panel.content.widgets.map((c, index) => ({
        index,
        type: c.model.type,
        source: c.model.sharedModel.getSource(),
        executionCount: c.model.type === 'code' ? c.model.executionCount : null,
        trusted: c.model.trusted,
        running: c.model.type === 'code' && c.model.executionState === 'running',
        outputs: c.model.type === 'code' ? c.model.outputs.toJSON() : []
      }));
    },
    /** Replace cell i's source. */
    setSource(i, source) {
      panel.content.widgets[i].model.sharedModel.setSource(source);
    },
    /** Append a code cell with source; returns its index. */
    appendCell(source) {
      const nb = panel.content;
      nb.activeCellIndex = nb.widgets.length - 1;
      NotebookActions.insertBelow(nb);
      NotebookActions.changeCellType(nb, 'code');
      nb.activeCell.model.sharedModel.setSource(source);
      return nb.activeCellIndex;
    },
    /** Make cell i active (command mode); returns its DOM node. */
    select(i) {
      panel.content.activeCellIndex = i;
      panel.content.mode = 'command';
      return panel.content.widgets[i].node;
    },
    /** Run cell i as the Run button does; resolves when its reply arrives. */
    async run(i) {
      panel.content.activeCellIndex = i;
      panel.content.deselectAll();
      return NotebookActions.run(panel.content, panel.sessionContext, sessionDialogs);
    },
    /** Run every cell; resolves when the last reply arrives. */
    async runAll() {
      return NotebookActions.runAll(panel.content, panel.sessionContext, sessionDialogs);
    },
    kernelStatus() {
      return panel.sessionContext.session?.kernel?.status ?? 'none';
    },
    kernelName() {
      return panel.sessionContext.session?.kernel?.name ?? '';
    },
    async save() {
      await panel.context.save();
      return !panel.model.dirty;
    }
  };
  await panel.context.ready;
  await panel.sessionContext.ready;
  window.gophernoteLab.ready = true;
}

main().catch((err) => {
  console.error('gophernote lab front end failed to start', err);
  window.gophernoteLabError = String(err && err.stack ? err.stack : err);
});
